// Signed webhooks (docs/webhooks.md): the endpoints admins register, and one delivery per event and endpoint, written
// in the transaction that caused the event and attempted by a worker in each web instance, as mail is (the outbox).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.check(sql`char_length(name) <= 100`))
    .addColumn("url", "text", (c) => c.notNull().check(sql`char_length(url) <= 2000`))
    // The signing secret (whsec_…), shown once when the endpoint is made; the server needs it to sign every delivery.
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("events", sql`text[]`, (c) => c.notNull())
    // Marked internal: it receives events about the studio's internal notes too.
    .addColumn("internal", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    // Sent as webhook-id: the same on every attempt, so an endpoint can tell a retry from a new event.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    // The JSON body exactly as it is signed and sent, every attempt alike.
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull())
    .addColumn("locked_until", "timestamptz")
    // The last attempt: the endpoint's HTTP status (null when it did not answer), how long it took, and why it failed.
    .addColumn("last_status", "integer")
    .addColumn("last_response_ms", "integer")
    .addColumn("last_error", "text")
    // When the current run of attempts began (the delivery was written, or re-sent by hand): it is given up a day after.
    .addColumn("queued_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("delivered_at", "timestamptz")
    .execute();
  // The worker's question, "what is due?", reads only pending rows; admins read an endpoint's latest deliveries.
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .column("next_attempt_at")
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema.createIndex("webhook_deliveries_endpoint").on("webhook_deliveries").columns(["endpoint_id", "created_at desc"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}
