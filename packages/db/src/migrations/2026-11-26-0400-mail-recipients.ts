// Gathered mail knows its recipient by id, so that it goes to who they are when it is sent (their address, role,
// business and whether they are still active), not to who they were at its first comment; and a gathered mail left
// with nothing its recipient may be told is withdrawn, unsent.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key: a deleted person's pending mail stays to be withdrawn, and mail already sent stays as it was.
  await db.schema.alterTable("outbox").addColumn("recipient_id", "text").execute();
  // Mail gathered before names its recipient in its key only (commentDigest: `daily:<id>`, `project:<id>:<project>`).
  await sql`update outbox set recipient_id = users.id from users
    where outbox.status = 'pending' and outbox.digest_key is not null
      and (outbox.digest_key = 'daily:' || users.id or starts_with(outbox.digest_key, 'project:' || users.id || ':'))`.execute(db);
  await setStatuses(db, ["pending", "sent", "failed", "withdrawn"]);
  // A change of someone's address or access rewrites their pending mail: found by recipient.
  await db.schema
    .createIndex("outbox_recipient_pending")
    .on("outbox")
    .column("recipient_id")
    .where(sql.ref("status"), "=", "pending")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_recipient_pending").execute();
  // Before, a mail that did not go could only have failed.
  await sql`update outbox set status = 'failed' where status = 'withdrawn'`.execute(db);
  await setStatuses(db, ["pending", "sent", "failed"]);
  await db.schema.alterTable("outbox").dropColumn("recipient_id").execute();
}

async function setStatuses(db: Kysely<unknown>, statuses: readonly string[]): Promise<void> {
  await sql`alter table outbox drop constraint outbox_status_check`.execute(db);
  await sql`alter table outbox add constraint outbox_status_check check (status in (${sql.join(statuses.map((s) => sql.lit(s)))}))`.execute(
    db,
  );
}
