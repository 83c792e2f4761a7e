// "Recently active" orders projects by their latest comment that everyone on the project can see (internal notes
// do not count: a client's order must not reveal when the studio talked among itself), or by their creation.
// Kept on the project by triggers, so the order is read from an index instead of from the comments.
//
// Written to keep the app answering on a large table (README, "Upgrades"): not in one transaction, so each statement
// lets its locks go. The column is added empty (brief), its triggers first, then filled in batches (row locks only),
// and made NOT NULL through a validated CHECK (no scan under the exclusive lock). At 20,000 projects and 1,000,000
// comments a read of projects waited 5.4 s when this ran in one transaction (`npm run migration-locks`). Every step
// can run again after a failure part way.
import { type Kysely, sql } from "kysely";

/** Runs statement by statement (see migrateToLatest): its locks are not held until the end. */
export const transaction = false;
/** Projects filled per statement. */
const BATCH = 2_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects add column if not exists last_activity_at timestamptz`.execute(db);
  await sql`
    create or replace function projects_fill_activity() returns trigger language plpgsql as $$
    begin
      new.last_activity_at := coalesce(new.last_activity_at, new.created_at);
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists projects_activity on projects`.execute(db);
  await sql`create trigger projects_activity before insert on projects for each row execute function projects_fill_activity()`.execute(db);
  await sql`
    create or replace function comments_touch_project() returns trigger language plpgsql as $$
    begin
      update projects set last_activity_at = new.created_at where id = new.project_id and last_activity_at < new.created_at;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists comments_project_activity on comments`.execute(db);
  await sql`
    create trigger comments_project_activity after insert on comments
    for each row when (new.event is distinct from 'shadow') execute function comments_touch_project()`.execute(db);
  // The projects there were, a batch at a time in the order of their ids: their latest visible comment, or their creation.
  let after = "";
  for (;;) {
    const { rows } = await sql<{ last: string | null }>`
      with batch as (select id from projects where id > ${after} and last_activity_at is null order by id limit ${BATCH}),
      done as (
        update projects set last_activity_at = coalesce(
          (select max(c.created_at) from comments c where c.project_id = projects.id and c.event is distinct from 'shadow'),
          projects.created_at)
        from batch where projects.id = batch.id
        returning projects.id
      )
      select max(id) as last from done`.execute(db);
    if (!rows[0]?.last) break;
    after = rows[0]?.last ?? after;
  }
  const exists = await sql<{ found: boolean }>`
    select exists (select 1 from pg_constraint where conname = 'projects_last_activity_present') as found`.execute(db);
  if (!exists.rows[0]?.found)
    await sql`alter table projects add constraint projects_last_activity_present check (last_activity_at is not null) not valid`.execute(
      db,
    );
  await sql`alter table projects validate constraint projects_last_activity_present`.execute(db);
  await sql`alter table projects alter column last_activity_at set not null`.execute(db);
  await sql`alter table projects drop constraint projects_last_activity_present`.execute(db);
  await sql`create index if not exists projects_list_activity on projects (archived, last_activity_at, id)`.execute(db);
  await sql`create index if not exists projects_list_business_activity on projects (business_id, archived, last_activity_at, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger comments_project_activity on comments`.execute(db);
  await sql`drop trigger projects_activity on projects`.execute(db);
  await sql`drop function comments_touch_project, projects_fill_activity`.execute(db);
  await sql`alter table projects drop column last_activity_at`.execute(db);
}
