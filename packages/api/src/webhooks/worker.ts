// Delivers webhooks: a worker in each web instance attempts what is due, with retries and backoff, as the mail outbox
// does (packages/mail/src/outbox.ts). A delivery is a row written in the transaction that caused its event
// (emitWebhook), so an endpoint that is down or a crash delays it and loses none. Instances claim rows with a lease and
// skip each other's, so no delivery is attempted by two at once; each carries its row id as webhook-id on every attempt,
// so an endpoint that got one twice (a crash between its answer and the row's update) can tell.
import {
  type ClaimedWebhookDelivery,
  claimDueWebhookDeliveries,
  type Db,
  markWebhookDelivered,
  markWebhookFailedAttempt,
} from "@atelier/db";
import { nextWebhookAttempt, WEBHOOK_LEASE_MS, WEBHOOK_TIMEOUT_MS } from "@atelier/domain";
import { withoutTrace } from "@atelier/observability";
import { sendWebhook } from "./send";

/** How often each instance looks for due deliveries when nothing wakes it sooner. */
const WEBHOOK_POLL_MS = 2_000;
const BATCH = 20;

export interface WebhookWorker {
  /** Looks for due deliveries now rather than at the next poll; call it after a transaction that wrote some commits. */
  kick(): void;
  /** Attempts these deliveries at once, if due; a failure leaves them to the retries. */
  deliverNow(ids: readonly string[]): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export interface WebhookWorkerConfig {
  db: Db;
  /** Sends to private and loopback addresses too (WEBHOOK_ALLOW_PRIVATE); otherwise those attempts fail. */
  allowPrivate: boolean;
  now?: () => Date;
  pollMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export function createWebhookWorker({
  db,
  allowPrivate,
  now = () => new Date(),
  pollMs = WEBHOOK_POLL_MS,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  log = console.error,
}: WebhookWorkerConfig): WebhookWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;

  async function attempt(delivery: ClaimedWebhookDelivery): Promise<void> {
    const at = now();
    const result = await sendWebhook(
      { url: delivery.url, secret: delivery.secret, id: delivery.id, body: delivery.body, at },
      { allowPrivate, timeoutMs },
    );
    if (result.ok) return markWebhookDelivered(db, delivery.id, result, now());
    const outcome = nextWebhookAttempt(delivery.attempts, delivery.queuedAt, now());
    if ("failed" in outcome)
      log(
        `webhook ${delivery.id} (${delivery.type}) to ${delivery.url} failed for good after ${delivery.attempts} attempts: ${result.error}`,
      );
    await markWebhookFailedAttempt(db, delivery.id, result, "failed" in outcome ? null : outcome.retryAt);
  }

  async function deliver(ids?: readonly string[]): Promise<number> {
    const claimed = await claimDueWebhookDeliveries(db, { now: now(), leaseMs: WEBHOOK_LEASE_MS, limit: BATCH, ...(ids ? { ids } : {}) });
    await Promise.all(claimed.map(attempt));
    return claimed.length;
  }

  function schedule(delay: number): void {
    if (!started) return;
    clearTimeout(timer);
    // A kick comes from a request: the pass it sets off is not part of that request's trace.
    timer = withoutTrace(() => setTimeout(pass, delay));
    timer.unref();
  }

  function pass(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // A full batch means more may be due: go on at once.
        while ((await deliver()) === BATCH) {}
      } catch (error) {
        log(`webhooks: ${error instanceof Error ? error.message : String(error)}`);
      }
    })().finally(() => {
      running = undefined;
      const soon = again;
      again = false;
      schedule(soon ? 0 : pollMs);
    });
  }

  return {
    kick: () => schedule(0),
    async deliverNow(ids) {
      try {
        await deliver(ids);
      } catch (error) {
        log(`webhooks: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}
