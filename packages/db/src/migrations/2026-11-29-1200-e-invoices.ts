// What EN 16931 e-invoices need beyond the legal details (docs/invoices.md, "Taxes" and "E-invoices"): each invoice
// line's VAT category (BT-151: standard, zero, exempt, reverse charge or intra-community), and the studio's invoicing
// e-mail, its electronic address (BT-34) and the contact on its invoices. Lines saved before have no category (null)
// and are read by their rate: taxed ones standard, untaxed ones zero rated (defaultVatCategory). A nullable column
// without a default and a constant default on the one-row table: no rewrite, brief locks.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("invoice_lines")
    .addColumn("tax_category", "text", (c) =>
      c.check(sql`tax_category in ('standard', 'zero', 'exempt', 'reverse_charge', 'intra_community')`),
    )
    .execute();
  await db.schema
    .alterTable("billing_profile")
    .addColumn("email", "text", (c) => c.notNull().defaultTo("").check(sql`length(email) <= 254`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("billing_profile").dropColumn("email").execute();
  await db.schema.alterTable("invoice_lines").dropColumn("tax_category").execute();
}
