// Guest review links (docs/guest-review.md): a proof round shared by link, the one-time codes mailed to guests, the
// wrong tries that lock a link for an address, and guest sessions. Decisions and pins record who made them and how
// they were known: signed in, or by an e-mail code (a guest, named by the name and address they gave).
import { type Kysely, sql } from "kysely";

/** VERIFICATION_METHOD_VALUES as written here; schema.integration.test.ts checks they still equal the domain's. */
const METHODS = sql`('session', 'email_code')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("guest_shares")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("proof_id", "text", (c) => c.notNull().references("proofs.id").onDelete("cascade"))
    // SHA-256 (hex) of the link's random token; the token itself is never stored.
    .addColumn("token_hash", "text", (c) => c.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    // scrypt$<salt>$<hash>, both base64url; null when the link has no password.
    .addColumn("password_hash", "text")
    // The addresses it is for, lower case; null: anyone with the link.
    .addColumn("emails", sql`text[]`)
    .addColumn("revoked_at", "timestamptz")
    .addColumn("revoked_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("last_opened_at", "timestamptz")
    .execute();
  await db.schema.createIndex("guest_shares_proof").on("guest_shares").column("proof_id").execute();

  // Every code request, a refused one included (then code_hash is null): the rate limits count these rows.
  await db.schema
    .createTable("guest_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("share_id", "text", (c) => c.notNull().references("guest_shares.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) <= 320`))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) <= 100`))
    .addColumn("code_hash", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("guest_codes_share").on("guest_codes").columns(["share_id", "created_at"]).execute();
  await db.schema.createIndex("guest_codes_email").on("guest_codes").columns(["email", "created_at"]).execute();

  // Wrong codes per link and address; at GUEST_CODE_MAX_WRONG the link is locked for that address.
  await db.schema
    .createTable("guest_code_failures")
    .addColumn("share_id", "text", (c) => c.notNull().references("guest_shares.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("wrong", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_at", "timestamptz")
    .addPrimaryKeyConstraint("guest_code_failures_pk", ["share_id", "email"])
    .execute();

  await db.schema
    .createTable("guest_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("share_id", "text", (c) => c.notNull().references("guest_shares.id").onDelete("cascade"))
    // SHA-256 (hex) of the cookie's random value.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("proof_approvals")
    .addColumn("verified_by", "text", (c) => c.notNull().defaultTo("session").check(sql`verified_by in ${METHODS}`))
    .addColumn("guest_name", "text")
    .addColumn("guest_email", "text")
    .execute();
  await db.schema
    .alterTable("proofs")
    .addColumn("changes_verified_by", "text", (c) => c.check(sql`changes_verified_by in ${METHODS}`))
    .addColumn("changes_guest_name", "text")
    .addColumn("changes_guest_email", "text")
    .execute();
  for (const table of ["annotations", "comments"]) {
    await db.schema.alterTable(table).addColumn("guest_name", "text").addColumn("guest_email", "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["annotations", "comments"]) {
    await db.schema.alterTable(table).dropColumn("guest_name").dropColumn("guest_email").execute();
  }
  await db.schema
    .alterTable("proofs")
    .dropColumn("changes_verified_by")
    .dropColumn("changes_guest_name")
    .dropColumn("changes_guest_email")
    .execute();
  await db.schema.alterTable("proof_approvals").dropColumn("verified_by").dropColumn("guest_name").dropColumn("guest_email").execute();
  for (const table of ["guest_sessions", "guest_code_failures", "guest_codes", "guest_shares"]) {
    await db.schema.dropTable(table).execute();
  }
}
