// Webhooks on real PostgreSQL and a real HTTP endpoint on 127.0.0.1 (so WEBHOOK_ALLOW_PRIVATE is on here): deliveries
// are signed as the standardwebhooks library checks them, retried with backoff through an outage and delivered once,
// shared by two workers without a delivery going twice, logged for admins and re-sent by hand (docs/webhooks.md).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, enqueueWebhookEvent, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { commentHref, INTERNAL_NOTE_EVENT, projectHref, type SessionUser, WEBHOOK_RETRY_DELAYS_MS } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/webhook-receiver";
import { createWebhookWorker, type WebhookWorker } from "./webhooks/worker";

const [admin, designer, client] = DEMO_USERS;
const session = (u: (typeof DEMO_USERS)[number], businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("webhook deliveries", () => {
  let t: TestDatabase;
  let hooks: WebhookReceiver;
  const workers: WebhookWorker[] = [];
  // The workers' clock, which the test moves so that retries come due without waiting for them.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const worker = () => {
    const w = createWebhookWorker({ db: t.db, allowPrivate: true, now, pollMs: 20, log: () => {} });
    workers.push(w);
    return w;
  };
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-webhooks-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (user: SessionUser) =>
    createCaller({
      db: t.db,
      user,
      now,
      files,
      webhooks: {
        allowPrivate: true,
        kick: () => {
          for (const w of workers) w.kick();
        },
      },
    });
  const boss = () => as(session(admin, null));
  const deliveries = () => t.db.selectFrom("webhookDeliveries").selectAll().orderBy("createdAt").orderBy("id").execute();
  /** Deliveries whose latest attempt is over and recorded (a claim counts the attempt before it is made). */
  const attempted = async (attempts: number) => (await deliveries()).every((d) => d.attempts === attempts && d.lockedUntil === null);
  const ok = (path: string) => hooks.receipts.filter((r) => r.path === path && r.status === 200);

  beforeAll(async () => {
    [t, hooks] = await Promise.all([createTestDatabase(), startWebhookReceiver()]);
    await seedDemo(t.db);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    hooks.receipts.length = 0;
    hooks.reply = () => ({ status: 200 });
    offset = 0;
    await t.db.deleteFrom("webhookEndpoints").execute();
  });
  afterAll(async () => {
    await hooks?.close();
    await t?.destroy();
  });

  it("signs each delivery so that Webhook.verify accepts it, and refuses it when one byte of the body changes", async () => {
    const { id, secret } = await boss().webhooks.create({ url: `${hooks.url}/signed`, events: ["project.created", "comment.created"] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice("whsec_".length), "base64").length).toBeGreaterThanOrEqual(24);
    worker().start();
    const { id: projectId } = await as(session(client, DEMO_BUSINESS.id)).projects.create({ title: "Spring flyer", event: "flyer" });
    await until(() => ok("/signed").length === 1);
    const [receipt] = ok("/signed");
    const headers = {
      "webhook-id": String(receipt?.headers["webhook-id"]),
      "webhook-timestamp": String(receipt?.headers["webhook-timestamp"]),
      "webhook-signature": String(receipt?.headers["webhook-signature"]),
    };
    const body = receipt?.body ?? "";
    const payload = new Webhook(secret).verify(body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({
      type: "project.created",
      data: {
        project: {
          id: projectId,
          title: "Spring flyer",
          url: `/projects/${projectId}`,
          business: { id: DEMO_BUSINESS.id, name: DEMO_BUSINESS.name },
        },
        actor: { id: client.id, name: client.name, role: "client" },
      },
    });
    // webhook-id is the delivery's id, the same on every attempt.
    await until(() => attempted(1));
    const [delivery] = await deliveries();
    expect(headers["webhook-id"]).toBe(delivery?.id);
    expect(delivery).toMatchObject({ endpointId: id, status: "delivered", attempts: 1, lastStatus: 200 });
    // One byte changed, anywhere: the signature no longer holds.
    const changed = body.replace("Spring flyer", "Spring flyes");
    expect(changed).not.toBe(body);
    expect(() => new Webhook(secret).verify(changed, headers)).toThrow(WebhookVerificationError);
    // Nor does another endpoint's secret sign it.
    const other = await boss().webhooks.create({ url: `${hooks.url}/other`, events: ["project.created"] });
    expect(() => new Webhook(other.secret).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it("retries a failing endpoint with growing waits and delivers each event once when it comes back", async () => {
    await boss().webhooks.create({ url: `${hooks.url}/flaky`, events: ["comment.created"] });
    hooks.reply = () => ({ status: 500 });
    const w = worker();
    w.start();
    const { id: projectId } = await as(session(client, DEMO_BUSINESS.id)).projects.create({ title: "Autumn menu", event: "print" });
    const studio = as(session(designer, null));
    for (const body of ["First", "Second", "Third"]) await studio.comments.create({ projectId, body });
    await until(() => attempted(1));
    const first = await deliveries();
    expect(first).toHaveLength(3);
    const ids = first.map((d) => d.id);
    for (const d of first) {
      expect(d).toMatchObject({ status: "pending", lastError: "HTTP 500: endpoint says no" });
      expect(d.nextAttemptAt.getTime() - d.queuedAt.getTime()).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[0]);
    }
    // Not due yet: asking at once attempts nothing.
    await w.deliverNow(ids);
    expect((await deliveries()).map((d) => d.attempts)).toEqual([1, 1, 1]);
    expect(hooks.receipts).toHaveLength(3);

    // The first wait passes: still down, and the next wait is longer.
    offset = WEBHOOK_RETRY_DELAYS_MS[0] + 1_000;
    const second = now().getTime();
    await until(() => attempted(2));
    for (const d of await deliveries()) expect(d.nextAttemptAt.getTime() - second).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[1]);
    expect(hooks.receipts).toHaveLength(6);

    // It comes back; the next attempts deliver, and nothing is sent again after.
    hooks.reply = () => ({ status: 204 });
    offset += WEBHOOK_RETRY_DELAYS_MS[1] + 1_000;
    await until(async () => (await deliveries()).every((d) => d.status === "delivered"));
    offset += 24 * 60 * 60_000;
    await w.deliverNow(ids);
    await new Promise((r) => setTimeout(r, 200));
    const delivered = hooks.receipts.filter((r) => r.status === 204);
    expect(delivered.map((r) => r.headers["webhook-id"]).sort()).toEqual([...ids].sort());
    expect(hooks.receipts).toHaveLength(9);
    // Each attempt of one event carries the same id and the same bytes.
    for (const id of ids) {
      const attempts = hooks.receipts.filter((r) => r.headers["webhook-id"] === id);
      expect(attempts).toHaveLength(3);
      expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    }
    expect(delivered.map((r) => (JSON.parse(r.body) as { data: { comment: { body: string } } }).data.comment.body).sort()).toEqual([
      "First",
      "Second",
      "Third",
    ]);
    expect((await deliveries()).map((d) => d.attempts)).toEqual([3, 3, 3]);
  });

  it("gives a delivery up when its endpoint has not taken it for a day", async () => {
    await boss().webhooks.create({ url: `${hooks.url}/down`, events: ["project.created"] });
    hooks.reply = () => ({ status: 503 });
    worker().start();
    await as(session(client, DEMO_BUSINESS.id)).projects.create({ title: "Gone for good", event: "flyer" });
    await until(() => attempted(1));
    offset = 24 * 60 * 60_000;
    await until(async () => (await deliveries())[0]?.status === "failed");
    expect((await deliveries())[0]).toMatchObject({ attempts: 2, lastStatus: 503 });
  });

  it("lets two workers share the deliveries without attempting any twice", async () => {
    const { id: endpointId } = await boss().webhooks.create({ url: `${hooks.url}/shared`, events: ["file.added"] });
    const body = async () => JSON.stringify({ type: "file.added", timestamp: now().toISOString(), data: {} });
    for (let i = 0; i < 60; i++)
      await enqueueWebhookEvent(t.db, { type: "file.added", internal: false, businessId: DEMO_BUSINESS.id, body }, now());
    worker().start();
    worker().start();
    await until(async () => (await deliveries()).every((d) => d.status === "delivered"));
    await new Promise((r) => setTimeout(r, 200));
    const rows = await deliveries();
    expect(rows).toHaveLength(60);
    expect(rows.every((d) => d.endpointId === endpointId && d.attempts === 1)).toBe(true);
    expect(hooks.receipts).toHaveLength(60);
    expect(new Set(hooks.receipts.map((r) => r.headers["webhook-id"])).size).toBe(60);
    // Admins see the latest 20, newest first.
    const [listed] = await boss().webhooks.list();
    const newest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id)).slice(0, 20);
    expect(listed?.deliveries.map((d) => d.id)).toEqual(newest.map((d) => d.id));
  });

  it("tells a business's Slack channel of its own events in words, and the studio's channel of every business's", async () => {
    const globex = await boss().businesses.create({ name: "Globex <Café> & Co" });
    await boss().webhooks.create({
      url: `${hooks.url}/slack-acme`,
      events: ["project.created", "comment.created"],
      format: "slack",
      businessId: DEMO_BUSINESS.id,
    });
    await boss().webhooks.create({ url: `${hooks.url}/slack-studio`, events: ["project.created"], format: "slack" });
    await expect(
      boss().webhooks.create({ url: `${hooks.url}/x`, events: ["project.created"], businessId: "no-such-business" }),
    ).rejects.toThrow("No such business.");
    worker().start();
    const acme = as(session(client, DEMO_BUSINESS.id));
    const { id: projectId } = await acme.projects.create({ title: "Spring <flyer> & co", event: "flyer" });
    await boss().projects.create({ title: "Globex menu", event: "print", businessId: globex.id });
    const { id: commentId } = await acme.comments.create({ projectId, body: "Could the logo be bigger?\nAnd bluer." });
    // The studio's internal note reaches no endpoint that is not marked internal.
    await as(session(designer, null)).comments.create({ projectId, body: "Client wants it bigger", event: INTERNAL_NOTE_EVENT });
    await until(() => ok("/slack-acme").length === 2 && ok("/slack-studio").length === 2);
    await until(() => attempted(1));
    // Each body is the message alone; deliveries of one batch may arrive in any order.
    const texts = (path: string) => ok(path).map((r) => JSON.parse(r.body) as Record<string, unknown>);
    const title = "Spring &lt;flyer&gt; &amp; co";
    const started = `${client.name} started <${projectHref(projectId)}|${title}> (${DEMO_BUSINESS.name})`;
    expect(texts("/slack-acme")).toHaveLength(2);
    expect(texts("/slack-acme")).toEqual(
      expect.arrayContaining([
        { text: started },
        {
          text: `${client.name} commented on <${commentHref(projectId, commentId)}|${title}> (${DEMO_BUSINESS.name})\n> Could the logo be bigger?\n> And bluer.`,
        },
      ]),
    );
    expect(texts("/slack-studio")).toEqual(
      expect.arrayContaining([
        { text: started },
        { text: expect.stringMatching(new RegExp(`^${admin.name} started <[^|]+\\|Globex menu> \\(Globex &lt;Café&gt; &amp; Co\\)$`)) },
      ]),
    );
    expect(hooks.receipts.some((r) => r.body.includes("Client wants"))).toBe(false);
    const listed = await boss().webhooks.list();
    expect(listed.map((e) => [e.format, e.businessName])).toEqual([
      ["slack", DEMO_BUSINESS.name],
      ["slack", null],
    ]);
  });

  it("lists endpoints with their latest deliveries for admins, never a secret, and re-sends one by hand", async () => {
    const { id, secret } = await boss().webhooks.create({
      url: `${hooks.url}/listed`,
      events: ["project.created"],
      name: "Studio Slack",
      internal: true,
    });
    hooks.reply = () => ({ status: 500 });
    const w = worker();
    w.start();
    await as(session(client, DEMO_BUSINESS.id)).projects.create({ title: "Listed", event: "flyer" });
    await until(() => attempted(1));
    const list = await boss().webhooks.list();
    expect(JSON.stringify(list)).not.toContain(secret.slice("whsec_".length));
    expect(list).toEqual([
      expect.objectContaining({
        id,
        name: "Studio Slack",
        url: `${hooks.url}/listed`,
        events: ["project.created"],
        internal: true,
        deliveries: [
          expect.objectContaining({
            type: "project.created",
            status: "pending",
            attempts: 1,
            lastStatus: 500,
            lastError: "HTTP 500: endpoint says no",
          }),
        ],
      }),
    ]);
    const deliveryId = list[0]?.deliveries[0]?.id ?? "";
    expect(list[0]?.deliveries[0]?.lastResponseMs).toEqual(expect.any(Number));

    // Delivered once it is up again; sent by hand once more, with the same id and body.
    hooks.reply = () => ({ status: 200 });
    await boss().webhooks.resend({ deliveryId });
    await until(async () => (await deliveries())[0]?.status === "delivered");
    await boss().webhooks.resend({ deliveryId });
    await until(() => ok("/listed").length === 2);
    // The endpoint has answered; the worker records that a moment later.
    await until(() => attempted(1));
    expect(ok("/listed").map((r) => r.headers["webhook-id"])).toEqual([deliveryId, deliveryId]);
    expect(new Set(hooks.receipts.map((r) => r.body)).size).toBe(1);
    expect(await boss().webhooks.list()).toEqual([
      expect.objectContaining({
        deliveries: [expect.objectContaining({ id: deliveryId, status: "delivered", attempts: 1, lastStatus: 200, lastError: null })],
      }),
    ]);

    // Deleted, it receives nothing more.
    await boss().webhooks.delete({ id });
    expect(await boss().webhooks.list()).toEqual([]);
    await as(session(client, DEMO_BUSINESS.id)).projects.create({ title: "After", event: "flyer" });
    expect(await deliveries()).toEqual([]);
  });
});
