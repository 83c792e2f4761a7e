// The users and invoices lists read one page at a time in their order; these indexes hold that order, so each page
// starts inside an index (invoice numbers are unique, so they break ties of created_at).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_list on users (created_at, id)`.execute(db);
  await sql`create index invoices_list on invoices (created_at, number)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index invoices_list`.execute(db);
  await sql`drop index users_list`.execute(db);
}
