// When the mail outbox tries a mail again, and when it gives up: an SMTP outage delays mail, never loses it.

/** Waits after the first, second, … failed attempt; the last one repeats until the mail is given up. */
export const MAIL_RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000] as const;

/** A mail still undelivered this long after it was written is marked failed, for an admin to see. */
export const MAIL_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** How long one web instance holds a mail it is sending before another may try it. */
export const MAIL_SEND_LEASE_MS = 60_000;

export type MailAttemptOutcome = { retryAt: Date } | { failed: true };

/** After the `attempts`-th failed attempt of a mail written at `createdAt`: when to try again, or give up. */
export function nextMailAttempt(attempts: number, createdAt: Date, now: Date): MailAttemptOutcome {
  const delay = MAIL_RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), MAIL_RETRY_DELAYS_MS.length) - 1] ?? 0;
  const retryAt = new Date(now.getTime() + delay);
  if (retryAt.getTime() - createdAt.getTime() > MAIL_GIVE_UP_AFTER_MS) return { failed: true };
  return { retryAt };
}
