// Invoices as documents: a currency per business, taxes and discounts per line, credit notes, payments,
// reminders, the studio's billing details, and gapless numbers from a counter per series and year.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("businesses")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .execute();

  await db.schema
    .alterTable("invoices")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("invoice").check(sql`kind in ('invoice', 'credit_note')`))
    .addColumn("credit_for", "text", (c) => c.references("invoices.id").onDelete("restrict"))
    .addColumn("reminded_at", "timestamptz")
    .execute();
  await db.schema.createIndex("invoices_credit_for").on("invoices").column("credit_for").execute();

  await db.schema
    .alterTable("invoice_lines")
    .addColumn("project_id", "text", (c) => c.references("projects.id").onDelete("set null"))
    .addColumn("discount_bp", "integer", (c) => c.notNull().defaultTo(0).check(sql`discount_bp between 0 and 10000`))
    .addColumn("tax_rate_bp", "integer", (c) => c.notNull().defaultTo(0).check(sql`tax_rate_bp between 0 and 10000`))
    .execute();

  // One row per series and year; taking a number locks the row until the invoice's transaction ends,
  // so numbers are handed out one after another and a rolled-back invoice gives its number back.
  await db.schema
    .createTable("invoice_sequences")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("last", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("invoice_sequences_pk", ["series", "year"])
    .execute();
  await sql`
    insert into invoice_sequences (series, year, last)
    select split_part(number, '-', 1), split_part(number, '-', 2)::int, max(split_part(number, '-', 3)::int)
    from invoices group by 1, 2`.execute(db);

  await db.schema
    .createTable("invoice_payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("paid_on", "date", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("recorded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("invoice_payments_invoice").on("invoice_payments").column("invoice_id").execute();

  // The studio's own details, printed on every invoice: a single row.
  await db.schema
    .createTable("billing_profile")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("legal_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tax_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("logo", "text")
    .addColumn("payment_terms", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bank_details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reminder_days", "integer", (c) => c.check(sql`reminder_days between 0 and 365`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("billing_profile").execute();
  await db.schema.dropTable("invoice_payments").execute();
  await db.schema.dropTable("invoice_sequences").execute();
  await db.schema.alterTable("invoice_lines").dropColumn("project_id").dropColumn("discount_bp").dropColumn("tax_rate_bp").execute();
  await db.schema.dropIndex("invoices_credit_for").execute();
  await db.schema.alterTable("invoices").dropColumn("kind").dropColumn("credit_for").dropColumn("reminded_at").execute();
  await db.schema.alterTable("businesses").dropColumn("currency").execute();
}
