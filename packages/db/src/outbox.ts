// The mail outbox's queries: write mail beside what caused it, claim what is due, record each attempt.
import { randomUUID } from "node:crypto";
import { type CurrentCommentDigest, currentCommentDigest, digestCommentIds, readDigestItems } from "@atelier/domain";
import { type Kysely, sql } from "kysely";
import type { Db } from "./create-db";
import type { Database, MailAttachment, OutboxMail } from "./schema";

export interface NewMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[];
  /** The request that caused it (the outbox's log names it). */
  requestId?: string;
}

/** Writes mail to deliver; pass the transaction that writes its cause, so both are kept or neither. Answers the ids. */
export async function enqueueMail(db: Kysely<Database>, mails: readonly NewMail[], now: Date): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = mails.map(({ attachments, ...m }) => ({
    id: randomUUID(),
    ...m,
    attachments: attachments?.length ? JSON.stringify(attachments) : null,
    nextAttemptAt: now,
    createdAt: now,
  }));
  await db.insertInto("outbox").values(rows).execute();
  return rows.map((r) => r.id);
}

export interface GatheringItem {
  kind: string;
  /** Whom it is for: their address when it goes is read then (see currentGathering). */
  recipientId: string;
  to: string;
  /** Items with one key join one mail until it is first tried. */
  digestKey: string;
  /** When the mail goes, if this item starts it. */
  sendAt: Date;
  item: unknown;
  /** The request that caused it; a gathered mail keeps the one that started it. */
  requestId?: string;
}

/**
 * Adds each item to the pending mail of its key, or starts that mail, due at `sendAt`; its subject and
 * text are made from the items when it is sent. Pass the transaction that writes the items' cause.
 */
export async function enqueueGathering(db: Kysely<Database>, items: readonly GatheringItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto("outbox")
    .values(
      items.map((i) => ({
        id: randomUUID(),
        kind: i.kind,
        recipientId: i.recipientId,
        to: i.to,
        subject: "",
        text: "",
        html: "",
        digestKey: i.digestKey,
        payload: JSON.stringify([i.item]),
        nextAttemptAt: i.sendAt,
        createdAt: now,
        requestId: i.requestId ?? null,
      })),
    )
    .onConflict((oc) =>
      oc
        .column("digestKey")
        .where(sql<boolean>`status = 'pending' and attempts = 0 and digest_key is not null`)
        .doUpdateSet({ payload: sql`outbox.payload || excluded.payload` }),
    )
    .execute();
}

/**
 * What a gathered comment mail may tell its recipient now, and where it goes (currentCommentDigest, from the person and
 * the comments as they are now); null when nothing is left to send. Delivery and every change of a person's address or
 * access decide by it, so both follow one rule.
 */
export async function currentGathering(
  db: Db,
  mail: Pick<OutboxMail, "kind" | "recipientId" | "payload">,
): Promise<CurrentCommentDigest | null> {
  if (mail.kind !== "comment") throw new Error(`no way to decide gathered mail of kind ${mail.kind}`);
  const items = readDigestItems(mail.payload);
  const ids = digestCommentIds(items);
  const recipient =
    mail.recipientId === null
      ? undefined
      : await db
          .selectFrom("users")
          .select(["email", "role", "businessId", "deactivatedAt", "mailPreference", "timeZone", "hourCycle"])
          .where("id", "=", mail.recipientId)
          .executeTakeFirst();
  const comments =
    ids.length === 0
      ? []
      : await db
          .selectFrom("comments")
          .innerJoin("projects", "projects.id", "comments.projectId")
          .select(["comments.id", "comments.projectId", "comments.event", "projects.businessId"])
          .where("comments.id", "in", ids)
          .execute();
  return currentCommentDigest(recipient, items, new Map(comments.map((c) => [c.id, c])));
}

/** Why a gathered mail was withdrawn unsent. */
export const NOTHING_LEFT_TO_SEND = "nothing left its recipient may be told";

/**
 * Rewrites the person's pending gathered mail to who they are now: their current address, and only what they may still
 * see (currentGathering); a mail left empty is withdrawn. Call it in the transaction that changes their address or access.
 */
export async function reviseGatheredMail(db: Db, recipientId: string): Promise<void> {
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "kind", "recipientId", "payload"])
    .where("recipientId", "=", recipientId)
    .where("status", "=", "pending")
    .where("kind", "=", "comment")
    .where("payload", "is not", null)
    .forUpdate()
    .execute();
  for (const row of rows) {
    const current = await currentGathering(db, row);
    if (!current) await markMailWithdrawn(db, row.id, NOTHING_LEFT_TO_SEND);
    else
      await db
        .updateTable("outbox")
        .set({ to: current.to, payload: JSON.stringify(current.items) })
        .where("id", "=", row.id)
        .execute();
  }
}

/**
 * Takes up to `limit` due mails (or just `ids`, if given and due) for `leaseMs`, counting the attempt.
 * Rows another instance holds are skipped, so instances never send the same mail at the same time.
 */
export async function claimDueMail(
  db: Db,
  options: { now: Date; leaseMs: number; limit: number; ids?: readonly string[] },
): Promise<OutboxMail[]> {
  const { now, leaseMs, limit, ids } = options;
  if (ids?.length === 0) return [];
  const due = db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", now)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", now)]))
    .$if(ids !== undefined, (q) => q.where("id", "in", ids ?? []))
    .orderBy("nextAttemptAt")
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable("outbox")
    .set((eb) => ({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: eb("attempts", "+", 1) }))
    .where("id", "in", due)
    .returningAll()
    .execute();
}

export async function markMailSent(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable("outbox").set({ status: "sent", sentAt: now, lockedUntil: null, lastError: null }).where("id", "=", id).execute();
}

export async function markMailRetry(db: Db, id: string, retryAt: Date, error: string): Promise<void> {
  await db.updateTable("outbox").set({ nextAttemptAt: retryAt, lockedUntil: null, lastError: error }).where("id", "=", id).execute();
}

export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db.updateTable("outbox").set({ status: "failed", lockedUntil: null, lastError: error }).where("id", "=", id).execute();
}

/** Closes a mail without sending it: see NOTHING_LEFT_TO_SEND. */
export async function markMailWithdrawn(db: Db, id: string, reason: string): Promise<void> {
  await db.updateTable("outbox").set({ status: "withdrawn", lockedUntil: null, lastError: reason }).where("id", "=", id).execute();
}

/** Mail that could not be delivered within a day, newest first, for admins. */
export function listFailedMail(db: Db, limit = 100) {
  return db
    .selectFrom("outbox")
    .select(["id", "kind", "to", "subject", "attempts", "lastError", "createdAt"])
    .where("status", "=", "failed")
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
}

/** How many mails wait for delivery, and since when the oldest waits. */
export async function pendingMailSummary(db: Db): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [eb.fn.countAll<string>().as("count"), eb.fn.min("createdAt").as("oldest")])
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
}

/**
 * The outbox as an operator watches it: mail waiting to go (digests gathering included), how long the most overdue of
 * them has been due (0 when none is), and mail that failed for good.
 */
export async function outboxBacklog(db: Db, now: Date): Promise<{ pending: number; overdueSeconds: number; failed: number }> {
  const row = await db
    .selectFrom("outbox")
    .select([
      sql<number>`count(*) filter (where status = 'pending')`.as("pending"),
      sql<Date | null>`min(next_attempt_at) filter (where status = 'pending')`.as("firstDue"),
      sql<number>`count(*) filter (where status = 'failed')`.as("failed"),
    ])
    .where("status", "in", ["pending", "failed"])
    .executeTakeFirstOrThrow();
  const firstDue = row.firstDue ? new Date(row.firstDue).getTime() : now.getTime();
  return { pending: Number(row.pending), overdueSeconds: Math.max(0, (now.getTime() - firstDue) / 1000), failed: Number(row.failed) };
}
