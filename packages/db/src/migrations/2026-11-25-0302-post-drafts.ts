// Blog posts are drafts until published, and can be edited: when each happened is kept.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("posts").addColumn("published_at", "timestamptz").addColumn("updated_at", "timestamptz").execute();
  // Posts written before drafts existed were published when written.
  await sql`update posts set published_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("posts").dropColumn("published_at").dropColumn("updated_at").execute();
}
