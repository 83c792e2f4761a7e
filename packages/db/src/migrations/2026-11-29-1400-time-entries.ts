// Time tracking (docs/time.md): each person's hourly rate, and their time on projects, a running timer (no end yet,
// one per person) or a stopped or hand-added entry of whole minutes. Billed entries point at their invoice; deleting
// a draft sets them free again. A new table and a nullable column with a constant default: no rewrite, brief locks.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("hourly_rate", "integer", (c) => c.notNull().defaultTo(0).check(sql`hourly_rate between 0 and 10000000`))
    .execute();
  await db.schema
    .createTable("time_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    // Null while the timer runs; minutes then too.
    .addColumn("ended_at", "timestamptz")
    .addColumn("minutes", "integer", (c) => c.check(sql`minutes between 1 and 1440`))
    .addColumn("note", "text", (c) => c.notNull().defaultTo("").check(sql`length(note) <= 500`))
    .addColumn("billable", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("rate", "integer", (c) => c.notNull().defaultTo(0).check(sql`rate between 0 and 10000000`))
    .addColumn("invoice_id", "text", (c) => c.references("invoices.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("time_entries_stopped_has_minutes", sql`(ended_at is null) = (minutes is null)`)
    .addCheckConstraint("time_entries_running_unbilled", sql`ended_at is not null or invoice_id is null`)
    .execute();
  // One timer running per person, whatever two tabs do at once.
  await sql`create unique index time_entries_one_running on time_entries (user_id) where ended_at is null`.execute(db);
  await db.schema.createIndex("time_entries_user_started").on("time_entries").columns(["user_id", "started_at"]).execute();
  await db.schema.createIndex("time_entries_project").on("time_entries").column("project_id").execute();
  await sql`create index time_entries_unbilled on time_entries (project_id) where invoice_id is null and billable and ended_at is not null`.execute(
    db,
  );
  await db.schema.createIndex("time_entries_invoice").on("time_entries").column("invoice_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("time_entries").execute();
  await db.schema.alterTable("users").dropColumn("hourly_rate").execute();
}
