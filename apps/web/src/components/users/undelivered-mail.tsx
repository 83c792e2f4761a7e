"use client";
// For admins on Users: mail the outbox gave up on after a day, and how much is still waiting to go.
import { useQuery } from "@tanstack/react-query";
import { LocalTime } from "~/components/common/local-time";
import { useTRPC } from "~/trpc/react";

export function UndeliveredMail() {
  const trpc = useTRPC();
  const mail = useQuery(trpc.mail.undelivered.queryOptions(undefined, { refetchInterval: 60_000 }));
  if (!mail.data) return null;
  const { failed, pending } = mail.data;
  const waitingLong = pending.oldest !== null && Date.now() - pending.oldest.getTime() > 10 * 60_000;
  if (failed.length === 0 && !waitingLong) return null;
  return (
    <section
      className="mb-6 rounded-xl border border-amber-500/40 bg-amber-500/5 p-4 text-sm"
      aria-labelledby="undelivered-mail"
      data-testid="undelivered-mail"
    >
      <h2 id="undelivered-mail" className="font-semibold">
        Mail that did not go out
      </h2>
      {waitingLong && (
        <p className="mt-1 text-muted-foreground">
          {pending.count} {pending.count === 1 ? "mail is" : "mails are"} waiting for the mail server, the oldest since{" "}
          {pending.oldest && <LocalTime at={pending.oldest} />}. They will go as soon as it answers.
        </p>
      )}
      {failed.length > 0 && (
        <>
          <p className="mt-1 text-muted-foreground">These could not be delivered within a day; check the address or the mail server.</p>
          <ul className="mt-3 grid gap-2">
            {failed.map((m) => (
              <li key={m.id} className="rounded-lg border bg-background p-3">
                <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
                  <span className="min-w-0 truncate font-medium" title={m.subject}>
                    {m.subject}
                  </span>
                  <LocalTime at={m.createdAt} className="text-muted-foreground" />
                </div>
                <div className="text-muted-foreground">
                  To {m.to} · {m.attempts} attempts · {m.lastError ?? "no answer"}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
