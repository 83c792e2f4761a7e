// Secrets every instance on one database must share, made once by whichever instance needs one first: the studio's
// Ed25519 signing key when SIGNING_KEY is not set (docs/approval-certificate.md). Two instances that each made their
// own key signed certificates that the other reported as not verified.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("shared_secrets")
    .addColumn("name", "text", (c) => c.primaryKey().check(sql`name ~ '^[a-z][a-z0-9-]{0,62}$'`))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("shared_secrets").execute();
}
