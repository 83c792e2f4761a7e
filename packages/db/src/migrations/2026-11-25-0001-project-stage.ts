// Where a project stands, kept on the project itself so lists filter and sort by it in SQL: until now it was
// read from the project's latest event comment on every row. Existing projects take it from that comment.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("stage", "text", (c) =>
      c.notNull().defaultTo("new").check(sql`stage in ('new', 'briefing', 'modification', 'approved', 'reopened')`),
    )
    .execute();
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
