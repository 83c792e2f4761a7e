// The database keeps the limits of the remaining typed fields too (packages/domain inputs.ts): invoice lines' descriptions,
// invoice notes, a payment's note, a proof's note and a brand colour's name. As in 2026-11-25-1000-length-limits, the numbers are written
// as they are today, length-limits.integration.test.ts checks they equal the domain's, and older rows stay as they are.
import { type Kysely, sql } from "kysely";

const LIMITS = [
  ["invoice_lines", "description", 500],
  ["invoices", "notes", 2000],
  ["invoice_payments", "note", 500],
  ["proofs", "note", 5000],
  ["brand_colours", "name", 60],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column, max] of LIMITS) {
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_length`)}
      check (char_length(${sql.ref(column)}) <= ${sql.lit(max)}) not valid`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of LIMITS) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_${column}_length`)}`.execute(db);
  }
}
