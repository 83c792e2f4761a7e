// The studio's services (docs/services.md): what it sells, at a price or quoted, with the change rounds included and
// a turnaround in working days (a rush one too, if it offers it), shown to every business or to some, in the studio's
// order, archived rather than deleted. A project remembers the service it was asked as and whether as a rush. The
// studio's days off and its time zone (studio_calendar, one row) count the working days. New tables and constant defaults: brief locks.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("services")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 120`))
    .addColumn("description", "text", (c) => c.notNull().defaultTo("").check(sql`length(description) <= 2000`))
    .addColumn("event", "text", (c) => c.notNull())
    // Null: quoted for each request.
    .addColumn("price", "bigint", (c) => c.check(sql`price between 0 and 100000000`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("EUR").check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("rounds", "integer", (c) => c.notNull().defaultTo(2).check(sql`rounds between 0 and 20`))
    .addColumn("turnaround_days", "integer", (c) => c.notNull().check(sql`turnaround_days between 0 and 260`))
    .addColumn("rush_days", "integer", (c) => c.check(sql`rush_days between 0 and 260`))
    .addColumn("rush_price", "bigint", (c) => c.check(sql`rush_price between 0 and 100000000`))
    .addColumn("for_all", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("archived_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("services_rush_is_faster", sql`rush_days is null or rush_days < turnaround_days`)
    .addCheckConstraint("services_rush_priced_with_days", sql`rush_price is null or rush_days is not null`)
    .execute();
  await db.schema
    .createTable("service_businesses")
    .addColumn("service_id", "text", (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("service_businesses_pk", ["service_id", "business_id"])
    .execute();
  await db.schema.createIndex("service_businesses_business").on("service_businesses").column("business_id").execute();
  await db.schema
    .createTable("studio_days_off")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("label", "text", (c) => c.notNull().defaultTo("").check(sql`length(label) <= 120`))
    .execute();
  // One row: the zone the studio's days are counted in.
  await db.schema
    .createTable("studio_calendar")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC").check(sql`length(time_zone) between 1 and 64`))
    .execute();
  await db.schema
    .alterTable("projects")
    .addColumn("service_id", "text", (c) => c.references("services.id").onDelete("set null"))
    .addColumn("rush", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex("projects_service").on("projects").column("service_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("projects").dropColumn("rush").dropColumn("service_id").execute();
  await db.schema.dropTable("studio_calendar").execute();
  await db.schema.dropTable("studio_days_off").execute();
  await db.schema.dropTable("service_businesses").execute();
  await db.schema.dropTable("services").execute();
}
