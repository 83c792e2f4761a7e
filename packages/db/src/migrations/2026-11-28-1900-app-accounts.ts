// Accounts for apps (docs/api.md, "Tokens for an app"): an admin makes an account that is not a person, with a role,
// to own the tokens another app calls the API with. It has no address and no sign-in; it stays when the person who
// made it leaves, and what it does is written in its name. People's lists and mail never include it.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("person").check(sql`kind in ('person', 'app')`))
    .execute();
  // An app can never be signed in to: no address to send a link to.
  await sql`alter table users add constraint users_app_without_email check (kind = 'person' or email is null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropConstraint("users_app_without_email").execute();
  await db.schema.alterTable("users").dropColumn("kind").execute();
}
