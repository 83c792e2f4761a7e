// Project lists read one page at a time, filtered and sorted in SQL: an index for each filter's leading column
// (the keyset tie-breaker `id` last, so the next page starts inside the index), and a folded search text.
//
// Not in one transaction (README, "Upgrades"), so the projects are not held while the search text is filled and the
// indexes build: at 20,000 projects a read of projects waited 1.9 s when it was (`npm run migration-locks`). Every
// step can run again after a failure part way.
import { type Kysely, sql } from "kysely";

/** Runs statement by statement (see migrateToLatest): its locks are not held until the end. */
export const transaction = false;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Accent- and case-folding as the domain does it (NFKD, then without the combining marks). PGlite ships no
  // `unaccent` extension, and translate() would know only the letters listed in it; normalize() is built in.
  await sql`
    create or replace function atelier_fold(text) returns text language sql immutable parallel safe
    return lower(regexp_replace(normalize($1, NFKD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'))`.execute(
    db,
  );
  // What a project's search matches: its name, its business's name and its designer's name, folded. Kept on the
  // row by triggers (below) so the words are matched without joining, and a trigram index can serve them.
  await sql`
    create or replace function project_search_text(name text, business_id text, assignee_id text) returns text language sql stable
    return atelier_fold(concat_ws(' ', name,
      (select b.name from businesses b where b.id = business_id),
      (select u.name from users u where u.id = assignee_id)))`.execute(db);
  await sql`alter table projects add column if not exists search text not null default ''`.execute(db);
  await sql`
    create or replace function projects_fill_search() returns trigger language plpgsql as $$
    begin
      new.search := project_search_text(new.name, new.business_id, new.assignee_id);
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists projects_search on projects`.execute(db);
  await sql`
    create trigger projects_search before insert or update of name, business_id, assignee_id on projects
    for each row execute function projects_fill_search()`.execute(db);
  await sql`
    create or replace function businesses_refresh_project_search() returns trigger language plpgsql as $$
    begin
      update projects set search = project_search_text(name, business_id, assignee_id) where business_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists businesses_project_search on businesses`.execute(db);
  await sql`
    create trigger businesses_project_search after update of name on businesses
    for each row when (old.name is distinct from new.name) execute function businesses_refresh_project_search()`.execute(db);
  await sql`
    create or replace function users_refresh_project_search() returns trigger language plpgsql as $$
    begin
      update projects set search = project_search_text(name, business_id, assignee_id) where assignee_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists users_project_search on users`.execute(db);
  await sql`
    create trigger users_project_search after update of name on users
    for each row when (old.name is distinct from new.name) execute function users_refresh_project_search()`.execute(db);

  // The projects there were (one written meanwhile is kept by the triggers above): row locks, reads go on.
  await sql`update projects set search = project_search_text(name, business_id, assignee_id)`.execute(db);

  // Substring search (`like '%word%'`) is served by a trigram index where pg_trgm can be installed (PostgreSQL with
  // its contrib modules; it is a trusted extension). The embedded PGlite has none: its demo-sized lists scan instead.
  // Without fastupdate: new projects are few, and a pending list would be read by every search and priced so by
  // the planner, which then prefers a sequential scan.
  await sql`
    do $$ begin
      if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
        begin
          create extension if not exists pg_trgm;
        exception when insufficient_privilege then null;
        end;
      end if;
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists projects_search on projects using gin (search gin_trgm_ops) with (fastupdate = off);
      end if;
    end $$`.execute(db);

  await sql`drop index if exists projects_business`.execute(db);
  await sql`drop index if exists projects_assignee`.execute(db);
  await sql`create index if not exists projects_list_created on projects (archived, created_at, id)`.execute(db);
  await sql`create index if not exists projects_list_business on projects (business_id, archived, created_at, id)`.execute(db);
  await sql`create index if not exists projects_list_stage on projects (archived, stage, created_at, id)`.execute(db);
  await sql`create index if not exists projects_list_assignee on projects (archived, assignee_id, created_at, id)`.execute(db);
  await sql`create index if not exists projects_list_title on projects (archived, lower(title), id)`.execute(db);
  await sql`create index if not exists projects_list_business_title on projects (business_id, archived, lower(title), id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["created", "business", "stage", "assignee", "title", "business_title"])
    await sql.raw(`drop index projects_list_${index}`).execute(db);
  await sql`create index projects_business on projects (business_id, archived, created_at)`.execute(db);
  await sql`create index projects_assignee on projects (assignee_id, archived)`.execute(db);
  await sql`drop trigger users_project_search on users`.execute(db);
  await sql`drop trigger businesses_project_search on businesses`.execute(db);
  await sql`drop trigger projects_search on projects`.execute(db);
  await sql`drop index if exists projects_search`.execute(db);
  await sql`alter table projects drop column search`.execute(db);
  await sql`drop function users_refresh_project_search, businesses_refresh_project_search, projects_fill_search, project_search_text, atelier_fold`.execute(
    db,
  );
}
