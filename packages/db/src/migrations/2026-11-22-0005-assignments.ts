// The designer a project is assigned to, for the studio's workload.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("assignee_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("projects_assignee").on("projects").columns(["assignee_id", "archived"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("projects").dropColumn("assignee_id").execute();
}
