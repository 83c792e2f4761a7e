// Webhooks' queries: endpoints, deliveries written beside their cause, and the worker's claims and records, as the mail
// outbox's (outbox.ts) are: a delivery is a row written in the transaction that caused its event, claimed with a lease.
import { randomUUID } from "node:crypto";
import { type WebhookEvent, type WebhookFormat, webhookReaches } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";
import type { WebhookDelivery } from "./schema";

export interface NewWebhookEndpoint {
  id: string;
  name: string | null;
  url: string;
  secret: string;
  events: readonly WebhookEvent[];
  internal: boolean;
  /** Standard Webhooks JSON unless given. */
  format?: WebhookFormat;
  /** Hears of this business's events only; the whole studio's unless given. */
  businessId?: string | null;
  createdBy: string;
  createdAt: Date;
}

export async function createWebhookEndpoint(db: Db, endpoint: NewWebhookEndpoint): Promise<void> {
  await db
    .insertInto("webhookEndpoints")
    .values({ ...endpoint, events: [...endpoint.events] })
    .execute();
}

/** Removes an endpoint and its deliveries; false when there was none. */
export async function deleteWebhookEndpoint(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("webhookEndpoints").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every endpoint, oldest first, with its latest `recent` deliveries (newest first); never a secret. */
export async function listWebhookEndpoints(db: Db, recent: number) {
  const endpoints = await db
    .selectFrom("webhookEndpoints as e")
    .leftJoin("businesses as b", "b.id", "e.businessId")
    .select(["e.id", "e.name", "e.url", "e.events", "e.internal", "e.format", "e.businessId", "b.name as businessName", "e.createdAt"])
    .orderBy("e.createdAt")
    .orderBy("e.id")
    .execute();
  // Each endpoint's latest, through its (endpoint_id, created_at desc) index, however many it has had.
  const deliveries = await db
    .selectFrom("webhookEndpoints as e")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("webhookDeliveries as d")
          .select([
            "d.id",
            "d.endpointId",
            "d.type",
            "d.status",
            "d.attempts",
            "d.lastStatus",
            "d.lastResponseMs",
            "d.lastError",
            "d.nextAttemptAt",
            "d.createdAt",
            "d.deliveredAt",
          ])
          .whereRef("d.endpointId", "=", "e.id")
          .orderBy("d.createdAt", "desc")
          .orderBy("d.id")
          .limit(recent)
          .as("latest"),
      (join) => join.onTrue(),
    )
    .selectAll("latest")
    .orderBy("latest.createdAt", "desc")
    .orderBy("latest.id")
    .execute();
  return endpoints.map((endpoint) => ({
    ...endpoint,
    deliveries: deliveries.filter((d) => d.endpointId === endpoint.id).map(({ endpointId: _e, ...d }) => d),
  }));
}

export interface WebhookEventRow {
  type: WebhookEvent;
  /** About an internal note: only endpoints marked internal receive it (webhookReaches). */
  internal: boolean;
  /** The business it is about: endpoints of another business do not receive it. */
  businessId: string;
  /** Makes the body, in an endpoint's format, that every attempt sends and signs; called only for formats some endpoint takes. */
  body: (format: WebhookFormat) => Promise<string>;
}

/**
 * Writes one delivery of the event to each endpoint it reaches (webhookReaches); pass the transaction that writes the
 * event's cause, so both are kept or neither. Answers the deliveries' ids.
 */
export async function enqueueWebhookEvent(db: Db, event: WebhookEventRow, now: Date): Promise<string[]> {
  const endpoints = await db
    .selectFrom("webhookEndpoints")
    .select(["id", "events", "internal", "format", "businessId"])
    .where(sql<boolean>`${event.type} = any(events)`)
    .execute();
  const reached = endpoints.filter((endpoint) => webhookReaches(endpoint, event));
  if (reached.length === 0) return [];
  const bodies = new Map<WebhookFormat, string>();
  for (const { format } of reached) if (!bodies.has(format)) bodies.set(format, await event.body(format));
  const rows = reached.map((endpoint) => ({
    id: randomUUID(),
    endpointId: endpoint.id,
    type: event.type,
    body: bodies.get(endpoint.format) ?? "",
    nextAttemptAt: now,
    queuedAt: now,
    createdAt: now,
  }));
  await db.insertInto("webhookDeliveries").values(rows).execute();
  return rows.map((r) => r.id);
}

export interface ClaimedWebhookDelivery extends WebhookDelivery {
  url: string;
  secret: string;
}

/**
 * Takes up to `limit` due deliveries (or just `ids`, if given and due) for `leaseMs`, counting the attempt, with their
 * endpoints' URL and secret. Rows another instance holds are skipped, so two instances never attempt one delivery at once.
 */
export async function claimDueWebhookDeliveries(
  db: Db,
  options: { now: Date; leaseMs: number; limit: number; ids?: readonly string[] },
): Promise<ClaimedWebhookDelivery[]> {
  const { now, leaseMs, limit, ids } = options;
  if (ids?.length === 0) return [];
  const due = db
    .selectFrom("webhookDeliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", now)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", now)]))
    .$if(ids !== undefined, (q) => q.where("id", "in", ids ?? []))
    .orderBy("nextAttemptAt")
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable("webhookDeliveries")
    .from("webhookEndpoints")
    .set((eb) => ({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: eb("webhookDeliveries.attempts", "+", 1) }))
    .whereRef("webhookEndpoints.id", "=", "webhookDeliveries.endpointId")
    .where("webhookDeliveries.id", "in", due)
    .returningAll("webhookDeliveries")
    .returning(["webhookEndpoints.url", "webhookEndpoints.secret"])
    .execute();
}

export interface WebhookAttempt {
  /** The endpoint's HTTP status, or null when it did not answer. */
  status: number | null;
  responseMs: number;
  error: string | null;
}

export async function markWebhookDelivered(db: Db, id: string, attempt: WebhookAttempt, now: Date): Promise<void> {
  await db
    .updateTable("webhookDeliveries")
    .set({
      status: "delivered",
      deliveredAt: now,
      lockedUntil: null,
      lastStatus: attempt.status,
      lastResponseMs: attempt.responseMs,
      lastError: null,
    })
    .where("id", "=", id)
    .execute();
}

/** Records a failed attempt: tried again at `retryAt`, or given up when there is none. */
export async function markWebhookFailedAttempt(db: Db, id: string, attempt: WebhookAttempt, retryAt: Date | null): Promise<void> {
  await db
    .updateTable("webhookDeliveries")
    .set({
      ...(retryAt ? { nextAttemptAt: retryAt } : { status: "failed" as const }),
      lockedUntil: null,
      lastStatus: attempt.status,
      lastResponseMs: attempt.responseMs,
      lastError: attempt.error,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Queues a delivery again by hand, with the same id and body: due now, its attempts counted afresh and given up a day
 * from now. False when there is no such delivery.
 */
export async function resendWebhookDelivery(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("webhookDeliveries")
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, queuedAt: now, deliveredAt: null })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
