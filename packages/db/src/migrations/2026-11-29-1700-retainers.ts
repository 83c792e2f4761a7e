// Retainers (docs/retainers.md): a business's monthly allowance of requests or hours (minutes), from a start day,
// with its rollover rule, its rate over the allowance and its monthly fee; and which invoice billed each month of it,
// once (deleting the draft frees the month). New tables: brief locks.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("retainers")
    .addColumn("business_id", "text", (c) => c.primaryKey().references("businesses.id").onDelete("cascade"))
    .addColumn("unit", "text", (c) => c.notNull().check(sql`unit in ('requests', 'hours')`))
    .addColumn("allowance", "integer", (c) => c.notNull().check(sql`allowance between 1 and 60000`))
    .addColumn("starts_on", "date", (c) => c.notNull())
    .addColumn("rollover", "text", (c) => c.notNull().check(sql`rollover in ('none', 'next_month', 'always')`))
    .addColumn("rate", "bigint", (c) => c.notNull().check(sql`rate between 0 and 100000000`))
    .addColumn("monthly_fee", "bigint", (c) => c.notNull().defaultTo(0).check(sql`monthly_fee between 0 and 100000000`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("retainer_invoices")
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull().check(sql`month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`))
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("retainer_invoices_pk", ["business_id", "month"])
    .execute();
  await db.schema.createIndex("retainer_invoices_invoice").on("retainer_invoices").column("invoice_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("retainer_invoices").execute();
  await db.schema.dropTable("retainers").execute();
}
