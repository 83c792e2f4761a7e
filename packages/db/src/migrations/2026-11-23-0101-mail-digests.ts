// How often each person hears of comments (immediate, daily, off: the old toggle's on and off become
// immediate and off), and mail that gathers comments: rows with a digest key collect items in `payload`
// until their first attempt, so several comments on one project become one mail.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("mail_preference", "text", (c) =>
      c.notNull().defaultTo("immediate").check(sql`mail_preference in ('immediate', 'daily', 'off')`),
    )
    .execute();
  await sql`update users set mail_preference = 'off' where email_notification = false`.execute(db);
  await db.schema.alterTable("outbox").addColumn("digest_key", "text").addColumn("payload", "jsonb").execute();
  // One gathering mail per key until it is first tried; later comments start the next one.
  await db.schema
    .createIndex("outbox_gathering")
    .on("outbox")
    .column("digest_key")
    .unique()
    .where(sql<boolean>`status = 'pending' and attempts = 0 and digest_key is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_gathering").execute();
  await db.schema.alterTable("outbox").dropColumn("payload").dropColumn("digest_key").execute();
  await db.schema.alterTable("users").dropColumn("mail_preference").execute();
}
