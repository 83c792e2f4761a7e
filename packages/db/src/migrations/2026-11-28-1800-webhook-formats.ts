// Webhook endpoints in a chat's format (docs/webhooks.md, "Slack and other chats"): an endpoint takes the Standard
// Webhooks JSON or a Slack-compatible incoming-webhook message, and may hear of one business only instead of the
// whole studio.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("webhook_endpoints")
    .addColumn("format", "text", (c) => c.notNull().defaultTo("standard").check(sql`format in ('standard', 'slack')`))
    .execute();
  // Null: every business's events. Removing a business removes the endpoints that heard of it alone.
  await db.schema
    .alterTable("webhook_endpoints")
    .addColumn("business_id", "text", (c) => c.references("businesses.id").onDelete("cascade"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("webhook_endpoints").dropColumn("business_id").dropColumn("format").execute();
}
