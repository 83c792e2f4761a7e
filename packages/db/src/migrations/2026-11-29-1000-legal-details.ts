// The studio's legal details as EN 16931 reads them (docs/invoices.md, "Legal details"): beside the legal name and
// the address lines, the postcode, city and country (ISO 3166-1 alpha-2), a VAT identifier, and how to be paid: an
// IBAN and BIC, or a payment link. Empty text is "not given", as in the columns before. Columns with a constant
// default on a one-row table: nothing to rewrite, a brief lock.
import { type Kysely, sql } from "kysely";

const COLUMNS = [
  ["postcode", 20, sql``],
  ["city", 100, sql``],
  ["country", 2, sql` and (country = '' or country ~ '^[A-Z]{2}$')`],
  ["vat_id", 30, sql``],
  ["iban", 34, sql` and (iban = '' or iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$')`],
  ["bic", 11, sql``],
  ["payment_link", 2000, sql` and (payment_link = '' or payment_link like 'https://%')`],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, max, extra] of COLUMNS) {
    await db.schema
      .alterTable("billing_profile")
      .addColumn(name, "text", (c) =>
        c
          .notNull()
          .defaultTo("")
          .check(sql`length(${sql.ref(name)}) <= ${sql.lit(max)}${extra}`),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable("billing_profile").dropColumn(name).execute();
}
