// A project's due date: a calendar day (no time, no zone), optional. The list's "due soonest" order reads it with
// the undated last through one expression (a missing date as 'infinity'), so the keyset cursor is a plain row
// comparison and each page starts inside an index, for the studio's list and for one business's.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects add column due_on date`.execute(db);
  await sql`create index projects_list_due on projects (archived, coalesce(due_on, 'infinity'::date), id)`.execute(db);
  await sql`create index projects_list_business_due on projects (business_id, archived, coalesce(due_on, 'infinity'::date), id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_list_business_due`.execute(db);
  await sql`drop index projects_list_due`.execute(db);
  await sql`alter table projects drop column due_on`.execute(db);
}
