// Where a project stands, kept on the project itself so lists filter and sort by it in SQL: until now it was
// read from the project's latest event comment on every row. Existing projects take it from that comment.
//
// Not in one transaction (README, "Upgrades"), so the projects are not held while they are filled from the comments:
// at 20,000 projects and 1,000,000 comments a read of projects waited 1.8 s when it was (`npm run migration-locks`).
// It can run again after a failure part way.
import { type Kysely, sql } from "kysely";

/** Runs statement by statement (see migrateToLatest): its locks are not held until the end. */
export const transaction = false;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A constant default: no rewrite, a brief lock.
  await sql`alter table projects add column if not exists stage text not null default 'new'
    check (stage in ('new', 'briefing', 'modification', 'approved', 'reopened'))`.execute(db);
  await sql`
    update projects set stage = last.event
    from (
      select distinct on (project_id) project_id, event from comments
      where event in ('briefing', 'modification', 'approved', 'reopened')
      order by project_id, created_at desc, id desc
    ) last
    where last.project_id = projects.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("projects").dropColumn("stage").execute();
}
