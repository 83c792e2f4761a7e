// The comment thread of each project, and who has read which comment (the notifications).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("event", "text", (c) => c.check(sql`event in ('modification', 'reopened', 'briefing', 'approved', 'shadow')`))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("parent_id", "text", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("is_child", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("comments_project_created").on("comments").columns(["project_id", "created_at"]).execute();
  await db.schema.createIndex("comments_created").on("comments").column("created_at").execute();

  await db.schema
    .createTable("comment_reads")
    .addColumn("comment_id", "text", (c) => c.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("read_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("comment_reads_pk", ["comment_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("comment_reads").execute();
  await db.schema.dropTable("comments").execute();
}
