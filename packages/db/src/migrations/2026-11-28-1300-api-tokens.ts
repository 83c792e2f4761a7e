// API tokens (docs/api.md): a person's tokens for other apps, each with its scopes. Only a hash of the token is kept;
// the counters of the current window rate-limit a token across every web instance, in the same update that records its
// last use.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    // SHA-256 of the whole token, hex: the token itself is shown once and never stored.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // The token's first characters (atl_ and four more), so that a person can tell their tokens apart.
    .addColumn("hint", "text", (c) => c.notNull())
    .addColumn("scopes", sql`text[]`, (c) => c.notNull())
    .addColumn("expires_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("last_used_at", "timestamptz")
    .addColumn("window_start", "timestamptz")
    .addColumn("window_calls", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("api_tokens_user").on("api_tokens").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_tokens").execute();
}
