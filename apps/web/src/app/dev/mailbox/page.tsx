// The dev mailbox: on the embedded run, mail that would have been sent is read here. Absent when SMTP is configured.
import { listDevMail } from "@atelier/mail";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { clientAddress } from "~/server/client-address";
import { DEV_MAIL_VERDICT_HEADER, hasDevMailVerdict, isLoopbackHost } from "~/server/dev-mailbox-gate";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

function firstLink(text: string): string | undefined {
  return text.match(/https?:\/\/\S+/)?.[0];
}

export default async function DevMailboxPage() {
  const server = await getServer();
  // The web server's gate again, here: whatever path reached this page, the gate must have let this request in.
  const h = await headers();
  if (!server.config.devMailbox || !hasDevMailVerdict(h.get(DEV_MAIL_VERDICT_HEADER)) || !isLoopbackHost(clientAddress(h))) notFound();
  const mails = await listDevMail(server.db);
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="mb-1 text-2xl font-semibold">Dev mailbox</h1>
      <p className="mb-6 text-sm text-muted-foreground">Mail is kept here because no SMTP server is configured. Newest first.</p>
      {mails.length === 0 && <p className="text-sm text-muted-foreground">No mail yet. Request a sign-in link on the login page.</p>}
      <ul className="grid gap-3">
        {mails.map((mail) => {
          const link = firstLink(mail.text);
          return (
            <li key={mail.id} className="rounded-lg border p-4" data-testid="dev-mail">
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <strong>{mail.subject}</strong>
                <time className="text-muted-foreground" dateTime={mail.createdAt.toISOString()}>
                  {mail.createdAt.toLocaleString("en-US")}
                </time>
              </div>
              <div className="text-sm text-muted-foreground">To: {mail.to}</div>
              {link && (
                <a className="mt-2 inline-block text-sm font-medium text-primary underline" href={link}>
                  Open the sign-in link
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </main>
  );
}
