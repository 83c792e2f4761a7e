// Private calendar feeds (docs/calendar-feed.md): one secret address per person, of the due dates they are involved
// in. Only the SHA-256 of the address's token is kept: a new address replaces the old one, and deleting the row
// revokes it.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_read_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("calendar_feeds").execute();
}
