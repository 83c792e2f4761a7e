// The studio's telephone number (docs/invoices.md, "E-invoices"): the contact an XRechnung must name beside the
// invoicing e-mail (BR-DE-6), printed under the studio's address. A constant default on the one-row table: no
// rewrite, a brief lock.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("billing_profile")
    .addColumn("telephone", "text", (c) => c.notNull().defaultTo("").check(sql`length(telephone) <= 50`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("billing_profile").dropColumn("telephone").execute();
}
