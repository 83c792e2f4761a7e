// Intake forms (docs/services.md): a service's questions (a JSON list of typed fields), the brief a project was
// asked with (the form as it was answered and the answers, so a form changed later changes no brief), and the studio's
// edits of a brief, each with who made it, when, and what it changed. Nullable and constant-default columns and a new
// table: no rewrite, brief locks.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("services")
    .addColumn("intake_form", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(intake_form) = 'array'`))
    .execute();
  await db.schema
    .alterTable("projects")
    .addColumn("brief", "jsonb", (c) => c.check(sql`brief is null or jsonb_typeof(brief) = 'object'`))
    .execute();
  await db.schema
    .createTable("project_brief_edits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("edited_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("edited_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("changes", "jsonb", (c) => c.notNull().check(sql`jsonb_typeof(changes) = 'array'`))
    .execute();
  await db.schema.createIndex("project_brief_edits_project").on("project_brief_edits").columns(["project_id", "edited_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("project_brief_edits").execute();
  await db.schema.alterTable("projects").dropColumn("brief").execute();
  await db.schema.alterTable("services").dropColumn("intake_form").execute();
}
