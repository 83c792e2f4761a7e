// What each person stored in the image buckets (avatars, thumbnails, blur images), so each keeps to their allowance.
// Images stored before this count for nothing: the store keeps no size per owner that could be read back cheaply.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("image_uploads")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("image_uploads_user").on("image_uploads").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("image_uploads").execute();
}
