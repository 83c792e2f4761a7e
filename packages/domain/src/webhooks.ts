// Signed webhooks (docs/webhooks.md): the events an endpoint may ask for, which endpoints an event reaches, and when a
// delivery is tried again or given up. An endpoint that is down delays its events, never loses them, for a day.

/** Every event an endpoint may subscribe to, by its wire name. */
export const WEBHOOK_EVENTS = [
  "project.created",
  "comment.created",
  "proof.sent",
  "proof.decided",
  "invoice.sent",
  "invoice.paid",
  "file.added",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Where a delivery stands: waiting for (another) attempt, answered with a 2xx, or given up after a day. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The body an endpoint takes: the Standard Webhooks JSON (`{ type, timestamp, data }`, signed), or a Slack-compatible
 * incoming-webhook message (`{ text }`, readable in a channel; Mattermost and Rocket.Chat take it too).
 */
export const WEBHOOK_FORMATS = ["standard", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  standard: "Signed JSON (Standard Webhooks)",
  slack: "Slack message (incoming webhook)",
};

/**
 * Whether an event goes to an endpoint: it asked for the event's type; an event about an internal note (the studio's
 * own, isInternalNote) goes only to an endpoint marked internal; an endpoint of one business hears of that business's
 * events only.
 */
export function webhookReaches(
  endpoint: { events: readonly string[]; internal: boolean; businessId: string | null },
  event: { type: WebhookEvent; internal: boolean; businessId: string },
) {
  return (
    endpoint.events.includes(event.type) &&
    (!event.internal || endpoint.internal) &&
    (endpoint.businessId === null || endpoint.businessId === event.businessId)
  );
}

/** Waits after the first, second, … failed attempt; the last one repeats until the delivery is given up. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 2 * 60 * 60_000] as const;

/** A delivery still not answered with a 2xx this long after it was queued is marked failed, for an admin to see. */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** How long one attempt waits for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How long one web instance holds a delivery it is attempting before another may: well beyond one attempt's timeout. */
export const WEBHOOK_LEASE_MS = 60_000;

/** After the `attempts`-th failed attempt of a delivery queued at `queuedAt`: when to try again, or give up. */
export function nextWebhookAttempt(attempts: number, queuedAt: Date, now: Date): { retryAt: Date } | { failed: true } {
  const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1] ?? 0;
  const retryAt = new Date(now.getTime() + delay);
  if (retryAt.getTime() - queuedAt.getTime() > WEBHOOK_GIVE_UP_AFTER_MS) return { failed: true };
  return { retryAt };
}

/** How long an endpoint's name may be. */
export const WEBHOOK_NAME_MAX_LENGTH = 100;

/** How long an endpoint's URL may be. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
