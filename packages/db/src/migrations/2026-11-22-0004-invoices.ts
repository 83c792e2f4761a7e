// Invoices to businesses, with their lines; amounts in cents.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.id").onDelete("restrict"))
    .addColumn("project_id", "text", (c) => c.references("projects.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft").check(sql`status in ('draft', 'sent', 'paid', 'void')`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("due_at", "date")
    .addColumn("notes", "text")
    .addColumn("sent_at", "timestamptz")
    .addColumn("paid_at", "timestamptz")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("invoices_business").on("invoices").columns(["business_id", "created_at"]).execute();

  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("unit_amount", "bigint", (c) => c.notNull().check(sql`unit_amount >= 0`))
    .execute();
  await db.schema.createIndex("invoice_lines_invoice").on("invoice_lines").columns(["invoice_id", "position"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invoice_lines").execute();
  await db.schema.dropTable("invoices").execute();
}
