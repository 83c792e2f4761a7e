// The request that caused each mail (README, "Monitoring"): the outbox's log names it beside the web's. A nullable
// column with no default: no rewrite, a brief lock.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("request_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("request_id").execute();
}
