// One click, one thing: a creating call may carry an idempotency key (`requestId`). The first call with a key records
// what it created under (user, key) in its own transaction; the primary key makes a concurrent repeat wait for that
// transaction and then find the row, so it answers the first result and creates nothing.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("request_results")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("request_id", "varchar(64)", (c) => c.notNull())
    .addColumn("procedure", "text", (c) => c.notNull())
    .addColumn("result", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("request_results_pkey", ["user_id", "request_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("request_results").execute();
}
