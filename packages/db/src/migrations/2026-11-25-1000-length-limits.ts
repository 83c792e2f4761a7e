// The database keeps the limits the forms and the API keep (packages/domain inputs.ts and its *_MAX_LENGTH constants),
// so no other way in can store a 5,000-character title. A migration is history: the numbers are written here as they
// are today, and length-limits.integration.test.ts checks they still equal the domain's. NOT VALID: rows written
// before the limits existed stay as they are, every new or changed row is checked.
import { type Kysely, sql } from "kysely";

const LIMITS = [
  ["projects", "title", 120],
  ["users", "name", 100],
  ["users", "email", 320],
  ["businesses", "name", 100],
  ["comments", "body", 5000],
  ["posts", "title", 200],
  ["posts", "body", 20000],
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
