// Magic-link requests also remember the client address they came from, so one client can be limited across addresses.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sign_in_attempts").addColumn("client_address", "text").execute();
  await db.schema.createIndex("sign_in_attempts_client_created").on("sign_in_attempts").columns(["client_address", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("sign_in_attempts_client_created").execute();
  await db.schema.alterTable("sign_in_attempts").dropColumn("client_address").execute();
}
