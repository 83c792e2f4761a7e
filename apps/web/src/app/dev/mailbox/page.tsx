// The dev mailbox: on the embedded run, mail that would have been sent is read here. Absent when SMTP is configured.
import { listDevMail } from "@atelier/mail";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { clientAddress } from "~/server/client-address";
import { DEV_MAIL_VERDICT_HEADER, hasDevMailVerdict, isLoopbackHost } from "~/server/dev-mailbox-gate";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

/** A file the mail carried, as a link that downloads it. */
const dataUrl = (a: { contentType: string; base64: string }) => `data:${a.contentType};base64,${a.base64}`;

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
        {mails.map((mail) => (
          <li key={mail.id} className="grid min-w-0 gap-2 rounded-lg border p-4" data-testid="dev-mail">
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <strong className="min-w-0 wrap-anywhere" data-testid="dev-mail-subject">
                {mail.subject}
              </strong>
              <time className="text-muted-foreground" dateTime={mail.createdAt.toISOString()}>
                {mail.createdAt.toLocaleString("en-US")}
              </time>
            </div>
            <div className="wrap-anywhere text-sm text-muted-foreground">To: {mail.to}</div>
            {mail.links.length > 0 && (
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Links in this mail">
                {mail.links.map((link) => (
                  <li key={`${link.href} ${link.label}`} className="min-w-0">
                    <a
                      className="inline-flex min-h-11 items-center font-medium text-primary underline wrap-anywhere"
                      href={link.href}
                      title={link.href}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {mail.attachments.length > 0 && (
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Attachments">
                {mail.attachments.map((a) => (
                  <li key={a.filename} className="min-w-0">
                    <a
                      className="inline-flex min-h-11 items-center underline wrap-anywhere"
                      href={dataUrl(a)}
                      download={a.filename}
                      data-testid="dev-mail-attachment"
                    >
                      Download {a.filename}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <details className="text-sm" open={mail === mails[0]}>
              <summary className="min-h-11 cursor-pointer content-center">Show the mail</summary>
              {mail.html ? (
                // The mail's HTML in a frame that may run nothing and reach nothing of this page: a sandbox with no allowances.
                <iframe
                  sandbox=""
                  srcDoc={mail.html}
                  title={`The mail “${mail.subject}”`}
                  className="mt-2 h-96 w-full rounded border bg-white"
                />
              ) : (
                <pre className="mt-2 whitespace-pre-wrap wrap-anywhere rounded border p-3 text-xs">{mail.text}</pre>
              )}
            </details>
          </li>
        ))}
      </ul>
    </main>
  );
}
