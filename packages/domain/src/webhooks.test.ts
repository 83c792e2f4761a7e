import { describe, expect, it } from "vitest";
import { nextWebhookAttempt, WEBHOOK_GIVE_UP_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS, webhookReaches } from "./webhooks";

describe("webhookReaches", () => {
  const event = { type: "comment.created", internal: false, businessId: "acme" } as const;
  const studio = { events: ["comment.created"], internal: false, businessId: null };
  it("sends an event to the endpoints that asked for its type", () => {
    expect(webhookReaches(studio, event)).toBe(true);
    expect(webhookReaches({ ...studio, events: ["proof.sent"], internal: true }, event)).toBe(false);
  });
  it("sends an internal note's event only to an endpoint marked internal", () => {
    expect(webhookReaches(studio, { ...event, internal: true })).toBe(false);
    expect(webhookReaches({ ...studio, internal: true }, { ...event, internal: true })).toBe(true);
  });
  it("sends a business's events to the studio's endpoints and that business's own, not another's", () => {
    expect(webhookReaches({ ...studio, businessId: "acme" }, event)).toBe(true);
    expect(webhookReaches({ ...studio, businessId: "globex" }, event)).toBe(false);
  });
});

describe("nextWebhookAttempt", () => {
  const queued = new Date("2026-11-28T10:00:00Z");
  it("waits longer after each failure, the last wait repeating", () => {
    const waits = [1, 2, 3, 20].map((n) => {
      const outcome = nextWebhookAttempt(n, queued, queued);
      return "retryAt" in outcome ? outcome.retryAt.getTime() - queued.getTime() : null;
    });
    expect(waits).toEqual([
      WEBHOOK_RETRY_DELAYS_MS[0],
      WEBHOOK_RETRY_DELAYS_MS[1],
      WEBHOOK_RETRY_DELAYS_MS[2],
      WEBHOOK_RETRY_DELAYS_MS.at(-1),
    ]);
  });
  it("gives up once the next attempt would fall more than a day after the delivery was queued", () => {
    const late = new Date(queued.getTime() + WEBHOOK_GIVE_UP_AFTER_MS - 1_000);
    expect(nextWebhookAttempt(1, queued, late)).toEqual({ failed: true });
    expect(nextWebhookAttempt(1, queued, new Date(queued.getTime() + 60_000))).toHaveProperty("retryAt");
  });
});
