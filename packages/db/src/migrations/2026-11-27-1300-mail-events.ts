// A sent invoice is told in its project's thread (event invoice_sent), so its client sees it in the bell; and the dev
// mailbox keeps the files a mail carries ([{filename, contentType, base64}]), so they can be downloaded there.
import { type Kysely, sql } from "kysely";

const OLD_EVENTS = ["modification", "reopened", "briefing", "approved", "shadow", "in_progress", "proof_sent", "delivered"];
const EVENTS = [...OLD_EVENTS, "invoice_sent"];

async function setEvents(db: Kysely<unknown>, events: string[]): Promise<void> {
  await sql`alter table comments drop constraint comments_event_check`.execute(db);
  await sql`alter table comments add constraint comments_event_check check (event in (${sql.join(events.map((e) => sql.lit(e)))}))`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setEvents(db, EVENTS);
  await db.schema.alterTable("dev_mail").addColumn("attachments", "jsonb").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("dev_mail").dropColumn("attachments").execute();
  await sql`update comments set event = null where event = 'invoice_sent'`.execute(db);
  await setEvents(db, OLD_EVENTS);
}
