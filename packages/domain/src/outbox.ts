// When the mail outbox tries a mail again, and when it gives up: an SMTP outage delays mail, never loses it.

/** Waits after the first, second, … failed attempt; the last one repeats until the mail is given up. */
export const MAIL_RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000] as const;

/** A mail still undelivered this long after it was written is marked failed, for an admin to see. */
export const MAIL_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** How long one web instance holds a mail it is sending before another may try it. */
export const MAIL_SEND_LEASE_MS = 60_000;

/**
 * Where a mail stands: waiting for (another) attempt, delivered, given up, or withdrawn unsent (a gathered mail left with
 * nothing its recipient may still be told; not a failure, so no admin is asked to act on it).
 */
export const OUTBOX_STATUSES = ["pending", "sent", "failed", "withdrawn"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export type MailAttemptOutcome = { retryAt: Date } | { failed: true };

/** After the `attempts`-th failed attempt of a mail written at `createdAt`: when to try again, or give up. */
export function nextMailAttempt(attempts: number, createdAt: Date, now: Date): MailAttemptOutcome {
  const delay = MAIL_RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), MAIL_RETRY_DELAYS_MS.length) - 1] ?? 0;
  const retryAt = new Date(now.getTime() + delay);
  if (retryAt.getTime() - createdAt.getTime() > MAIL_GIVE_UP_AFTER_MS) return { failed: true };
  return { retryAt };
}

/** How often someone hears of new comments by e-mail; the Email Notifications toggle (docs/notifications.md) is on (immediate) or off. */
export const MAIL_PREFERENCES = ["immediate", "daily", "off"] as const;
export type MailPreference = (typeof MAIL_PREFERENCES)[number];

export const MAIL_PREFERENCE_LABELS: Record<MailPreference, string> = {
  immediate: "As they happen",
  daily: "Once a day",
  off: "Never",
};

/** The toggle's two states as a preference, and back. */
export const mailPreferenceOf = (emailNotification: boolean): MailPreference => (emailNotification ? "immediate" : "off");
export const emailNotificationOf = (preference: MailPreference): boolean => preference !== "off";

/** Comments on one project within this long of the first become one mail (a server setting may change it). */
export const DEFAULT_MAIL_DIGEST_WINDOW_MS = 2 * 60_000;

/** The daily summary goes out at this hour, UTC. */
const DAILY_DIGEST_HOUR_UTC = 8;

/** The next daily summary after `now`. */
export function nextDailyDigest(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DAILY_DIGEST_HOUR_UTC));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/**
 * What asks someone to act, told at once in a mail of its own rather than gathered: a project started, a brief, a proof
 * sent, changes asked, an approval, a project reopened. Only conversation (comments, internal notes, pins) is gathered.
 */
const AT_ONCE_NOTICES = ["project_started", "briefing", "proof_sent", "modification", "approved", "reopened"] as const;
export type AtOnceNotice = (typeof AT_ONCE_NOTICES)[number];

/** How mail tells of a comment: the notice it gives at once, or null for conversation, which is gathered. */
export function commentNotice(comment: { event: string | null; startsProject?: boolean | undefined }): AtOnceNotice | null {
  if (comment.startsProject) return "project_started";
  return (AT_ONCE_NOTICES as readonly string[]).includes(comment.event ?? "") ? (comment.event as AtOnceNotice) : null;
}

/**
 * Which mail a new comment joins for one recipient, and when that mail goes; null for no mail. 'Never' means no mail
 * at all. A notice (commentNotice) goes at once, in a mail of its own, whatever the window or the daily summary; an
 * invoice sent is told by the invoice's own mail. Other comments on one project gather for `windowMs`; a daily reader
 * gets every project's in one summary.
 */
export function commentDigest(
  recipient: { id: string; preference: MailPreference },
  comment: { id: string; projectId: string; event: string | null; startsProject?: boolean | undefined },
  now: Date,
  windowMs: number,
): { key: string; sendAt: Date } | null {
  if (recipient.preference === "off" || comment.event === "invoice_sent") return null;
  if (commentNotice(comment)) return { key: `notice:${recipient.id}:${comment.id}`, sendAt: now };
  if (recipient.preference === "daily") return { key: `daily:${recipient.id}`, sendAt: nextDailyDigest(now) };
  return { key: `project:${recipient.id}:${comment.projectId}`, sendAt: new Date(now.getTime() + windowMs) };
}
