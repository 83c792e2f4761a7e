// Workload from hours (docs/workload.md, "Hours"): each person's hours a week (minutes; 40 hours unless set) and each
// service's estimate of the time a request takes (minutes; 0 for none); and a person's hourly rate for one service,
// over their own (docs/time.md). Constant defaults and a new table: no rewrite, brief locks.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("weekly_capacity", "integer", (c) => c.notNull().defaultTo(2400).check(sql`weekly_capacity between 0 and 10080`))
    .execute();
  await db.schema
    .alterTable("services")
    .addColumn("estimate_minutes", "integer", (c) => c.notNull().defaultTo(0).check(sql`estimate_minutes between 0 and 60000`))
    .execute();
  await db.schema
    .createTable("service_rates")
    .addColumn("service_id", "text", (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("rate", "integer", (c) => c.notNull().check(sql`rate between 0 and 10000000`))
    .addPrimaryKeyConstraint("service_rates_pk", ["service_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("service_rates").execute();
  await db.schema.alterTable("services").dropColumn("estimate_minutes").execute();
  await db.schema.alterTable("users").dropColumn("weekly_capacity").execute();
}
