// Businesses (the studio's clients), the users who belong to them, their projects and the projects' files.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("businesses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index businesses_name_lower on businesses (lower(name))`.execute(db);

  await db.schema
    .alterTable("users")
    .addColumn("business_id", "text", (c) => c.references("businesses.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("projects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("archived", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("projects_business").on("projects").columns(["business_id", "archived", "created_at"]).execute();

  await db.schema
    .createTable("project_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('briefing', 'materials', 'print_ready')`))
    .addColumn("upload_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("thumbnail", "text", (c) => c.notNull())
    .addColumn("blur", "text", (c) => c.notNull())
    .addColumn("size", "bigint")
    .addColumn("type", "text")
    .addColumn("sha256", "text")
    .addColumn("uploaded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("project_files_project").on("project_files").columns(["project_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("project_files").execute();
  await db.schema.dropTable("projects").execute();
  await db.schema.alterTable("users").dropColumn("business_id").execute();
  await db.schema.dropTable("businesses").execute();
}
