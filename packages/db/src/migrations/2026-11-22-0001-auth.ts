// Users, their social accounts and database sessions, magic-link tokens, rate-limit rows and the dev mailbox.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("email_verified", "timestamptz")
    .addColumn("image", "text")
    .addColumn("email_notification", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("role", "text", (c) => c.notNull().defaultTo("client").check(sql`role in ('admin', 'creative', 'client')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_account_id", "text", (c) => c.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("access_token", "text")
    .addColumn("expires_at", "bigint")
    .addColumn("token_type", "text")
    .addColumn("scope", "text")
    .addColumn("id_token", "text")
    .addColumn("session_state", "text")
    .addUniqueConstraint("accounts_provider_account", ["provider", "provider_account_id"])
    .execute();
  await db.schema.createIndex("accounts_user_id").on("accounts").column("user_id").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("session_token", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("verification_tokens")
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("verification_tokens_pk", ["identifier", "token"])
    .execute();

  await db.schema
    .createTable("sign_in_attempts")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("sign_in_attempts_identifier_created").on("sign_in_attempts").columns(["identifier", "created_at"]).execute();

  await db.schema
    .createTable("dev_mail")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["dev_mail", "sign_in_attempts", "verification_tokens", "sessions", "accounts", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
