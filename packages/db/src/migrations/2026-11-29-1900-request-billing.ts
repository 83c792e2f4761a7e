// Requests billed at their service's price (docs/services.md, "Billing requests"): the invoice that billed a project
// asked as a priced service, once; deleting the draft frees it. A nullable column with no default: no rewrite, a
// brief lock.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("invoice_id", "text", (c) => c.references("invoices.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("projects_invoice")
    .on("projects")
    .column("invoice_id")
    .where(sql.ref("invoice_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("projects").dropColumn("invoice_id").execute();
}
