// "Recently active" orders projects by their latest comment that everyone on the project can see (internal notes
// do not count: a client's order must not reveal when the studio talked among itself), or by their creation.
// Kept on the project by triggers, so the order is read from an index instead of from the comments.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects add column last_activity_at timestamptz`.execute(db);
  await sql`
    update projects set last_activity_at = coalesce(
      (select max(c.created_at) from comments c where c.project_id = projects.id and c.event is distinct from 'shadow'),
      created_at)`.execute(db);
  await sql`alter table projects alter column last_activity_at set not null`.execute(db);
  await sql`
    create function projects_fill_activity() returns trigger language plpgsql as $$
    begin
      new.last_activity_at := coalesce(new.last_activity_at, new.created_at);
      return new;
    end $$`.execute(db);
  await sql`create trigger projects_activity before insert on projects for each row execute function projects_fill_activity()`.execute(db);
  await sql`
    create function comments_touch_project() returns trigger language plpgsql as $$
    begin
      update projects set last_activity_at = new.created_at where id = new.project_id and last_activity_at < new.created_at;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger comments_project_activity after insert on comments
    for each row when (new.event is distinct from 'shadow') execute function comments_touch_project()`.execute(db);
  await sql`create index projects_list_activity on projects (archived, last_activity_at, id)`.execute(db);
  await sql`create index projects_list_business_activity on projects (business_id, archived, last_activity_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger comments_project_activity on comments`.execute(db);
  await sql`drop trigger projects_activity on projects`.execute(db);
  await sql`drop function comments_touch_project, projects_fill_activity`.execute(db);
  await sql`alter table projects drop column last_activity_at`.execute(db);
}
