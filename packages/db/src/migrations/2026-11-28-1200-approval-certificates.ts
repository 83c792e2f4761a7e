// Approval certificates (docs/approval-certificate.md): where an approval came from (the client's address and browser,
// recorded when the decision is made), and each approved round's signed certificate, made once under a random public id.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("proof_approvals")
    .addColumn("ip_address", "text", (c) => c.check(sql`char_length(ip_address) <= 100`))
    .addColumn("user_agent", "text", (c) => c.check(sql`char_length(user_agent) <= 1000`))
    .execute();
  await db.schema
    .createTable("approval_certificates")
    // 128 random bits in base64url: the id in /verify/<id>.
    .addColumn("id", "text", (c) => c.primaryKey().check(sql`id ~ '^[A-Za-z0-9_-]{22}$'`))
    .addColumn("proof_id", "text", (c) => c.notNull().unique().references("proofs.id").onDelete("cascade"))
    // The record exactly as signed: its canonical JSON text, the Ed25519 signature (base64url) and the key's id.
    .addColumn("record", "text", (c) => c.notNull())
    .addColumn("signature", "text", (c) => c.notNull())
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("approval_certificates").execute();
  await db.schema.alterTable("proof_approvals").dropColumn("ip_address").dropColumn("user_agent").execute();
}
