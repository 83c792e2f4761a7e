// A business's legal details as the buyer of its invoices (docs/invoices.md, "The buyer"): its registered name when
// it differs from the name the studio knows it by, its postal address and country (ISO 3166-1 alpha-2), its VAT
// identifier when it has one (reverse charge within the EU rests on it), and the reference its accounts payable asks
// invoices to carry (EN 16931 BT-10; XRechnung's Leitweg-ID). Empty text is "not given". Columns with a constant
// default: no rewrite, a brief lock.
import { type Kysely, sql } from "kysely";

const COLUMNS = [
  ["legal_name", 200, sql``],
  ["address", 1000, sql``],
  ["postcode", 20, sql``],
  ["city", 100, sql``],
  ["country", 2, sql` and (country = '' or country ~ '^[A-Z]{2}$')`],
  ["vat_id", 30, sql``],
  ["buyer_reference", 200, sql``],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, max, extra] of COLUMNS) {
    await db.schema
      .alterTable("businesses")
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
  for (const [name] of COLUMNS) await db.schema.alterTable("businesses").dropColumn(name).execute();
}
