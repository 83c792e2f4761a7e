// A business's page: billing contacts of its own (none: its client users), and a brand library of files
// (logos, fonts, guidelines in its BRAND folder) and colour values.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("businesses").addColumn("billing_emails", sql`text[]`).execute();

  await db.schema
    .createTable("brand_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('logo', 'font', 'guideline')`))
    .addColumn("upload_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("thumbnail", "text", (c) => c.notNull())
    .addColumn("blur", "text", (c) => c.notNull())
    .addColumn("size", "bigint")
    .addColumn("type", "text")
    .addColumn("uploaded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("brand_files_business").on("brand_files").column("business_id").execute();

  await db.schema
    .createTable("brand_colours")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("hex", "text", (c) => c.notNull().check(sql`hex ~ '^#[0-9a-f]{6}$'`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("brand_colours_business").on("brand_colours").column("business_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("brand_colours").execute();
  await db.schema.dropTable("brand_files").execute();
  await db.schema.alterTable("businesses").dropColumn("billing_emails").execute();
}
