// What webhooks must never do (docs/webhooks.md): tell an internal note to an endpoint not marked internal; call into the
// server's own network (loopback, private, link-local addresses, by address or by a name resolving to one) unless the
// operator allows it, at registration or when delivering; follow a redirect; or answer anyone but an admin.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { TRPCError } from "@trpc/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appRouter, createCaller } from "./index";
import { codeOf } from "./testing/code-of";
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

/** Addresses of this machine and its networks, as a URL may spell them. */
const NOT_PUBLIC = [
  "http://127.0.0.1:9/hook",
  "http://127.8.9.10/hook",
  "http://localhost:9/hook",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::1]:9/hook",
  "http://10.0.0.1/hook",
  "http://172.16.0.1/hook",
  "http://192.168.1.1/hook",
  "http://0.0.0.0/hook",
  "https://[fc00::1]/hook",
  "https://[fe80::1]/hook",
  "http://[::ffff:127.0.0.1]/hook",
  "http://2130706433/hook",
];

describe("webhooks' safety", () => {
  let t: TestDatabase;
  let hooks: WebhookReceiver;
  const workers: WebhookWorker[] = [];
  const worker = (allowPrivate: boolean) => {
    const w = createWebhookWorker({ db: t.db, allowPrivate, pollMs: 20, log: () => {} });
    workers.push(w);
    w.start();
    return w;
  };
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-webhooks-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  /** A caller; `allowPrivate` is the operator's WEBHOOK_ALLOW_PRIVATE, off unless said. */
  const as = (user: SessionUser | null, allowPrivate = false) =>
    createCaller({
      db: t.db,
      user,
      now: () => new Date(),
      files,
      webhooks: {
        allowPrivate,
        kick: () => {
          for (const w of workers) w.kick();
        },
      },
    });
  const boss = (allowPrivate = false) => as(session(admin, null), allowPrivate);
  const deliveries = () => t.db.selectFrom("webhookDeliveries").selectAll().orderBy("createdAt").execute();

  beforeAll(async () => {
    [t, hooks] = await Promise.all([createTestDatabase(), startWebhookReceiver()]);
    await seedDemo(t.db);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    hooks.receipts.length = 0;
    hooks.reply = () => ({ status: 200 });
    await t.db.deleteFrom("webhookEndpoints").execute();
  });
  afterAll(async () => {
    await hooks?.close();
    await t?.destroy();
  });

  it("tells an internal note only to an endpoint marked internal", async () => {
    await boss(true).webhooks.create({ url: `${hooks.url}/public`, events: ["comment.created"] });
    await boss(true).webhooks.create({ url: `${hooks.url}/internal`, events: ["comment.created"], internal: true });
    worker(true);
    const { id: projectId } = await as(session(client, DEMO_BUSINESS.id)).projects.create({ title: "Spring flyer", event: "flyer" });
    const studio = as(session(designer, null));
    const note = await studio.comments.create({ projectId, body: "Client pays late, ask upfront", event: "shadow" });
    // A plain reply to an internal note is internal too.
    const reply = await studio.comments.create({ projectId, body: "Agreed, half upfront", parentId: note.id });
    const said = await studio.comments.create({ projectId, body: "First draft tomorrow" });
    await until(() => hooks.receipts.filter((r) => r.path === "/internal").length === 3);
    await until(async () => (await deliveries()).every((d) => d.status === "delivered"));
    const told = (path: string) =>
      hooks.receipts
        .filter((r) => r.path === path)
        .map((r) => (JSON.parse(r.body) as { data: { comment: { id: string; internal: boolean } } }).data.comment)
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(told("/public")).toEqual([expect.objectContaining({ id: said.id, internal: false })]);
    const byId = (pairs: [string, boolean][]) => pairs.sort(([a], [b]) => a.localeCompare(b));
    expect(told("/internal").map((c) => [c.id, c.internal])).toEqual(
      byId([
        [note.id, true],
        [reply.id, true],
        [said.id, false],
      ]),
    );
    const publicBodies = hooks.receipts.filter((r) => r.path === "/public").map((r) => r.body);
    expect(publicBodies.join()).not.toMatch(/pays late|half upfront/);
    // Nothing was even queued for it: its deliveries are the one comment it may hear of.
    const endpoints = await boss().webhooks.list();
    expect(endpoints.find((e) => e.url.endsWith("/public"))?.deliveries).toHaveLength(1);
  });

  it.each(NOT_PUBLIC)("refuses an endpoint at %s unless the operator allows private addresses", async (url) => {
    const refused = await boss()
      .webhooks.create({ url, events: ["project.created"] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(TRPCError);
    expect(refused).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/not a public address.*WEBHOOK_ALLOW_PRIVATE=true/),
    });
    expect(await boss(true).webhooks.create({ url, events: ["project.created"] })).toMatchObject({
      secret: expect.stringMatching(/^whsec_/),
    });
  });

  it("refuses what is not an http or https URL, with the setting or without", async () => {
    for (const url of ["ftp://example.com/hook", "file:///etc/passwd", "gopher://127.0.0.1/", "not a url"])
      expect(await codeOf(boss(true).webhooks.create({ url, events: ["project.created"] }))).toBe("BAD_REQUEST");
    expect(await codeOf(boss(true).webhooks.create({ url: `${hooks.url}/x`, events: [] }))).toBe("BAD_REQUEST");
    expect(await codeOf(boss(true).webhooks.create({ url: `${hooks.url}/x`, events: ["project.deleted" as "project.created"] }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("checks the address again when delivering: an endpoint that is no longer allowed receives nothing", async () => {
    await boss(true).webhooks.create({ url: `${hooks.url}/was-allowed`, events: ["project.created"] });
    await boss(true).webhooks.create({ url: `${hooks.url.replace("127.0.0.1", "localhost")}/by-name`, events: ["project.created"] });
    // The operator turned the setting off, or the name now resolves to a private address: the attempt is refused.
    worker(false);
    await as(session(client, DEMO_BUSINESS.id)).projects.create({ title: "Not for you", event: "flyer" });
    await until(async () => {
      const rows = await deliveries();
      return rows.length === 2 && rows.every((d) => d.attempts === 1 && d.lockedUntil === null);
    });
    for (const d of await deliveries())
      expect(d).toMatchObject({ status: "pending", lastStatus: null, lastError: expect.stringMatching(/is not a public address/) });
    expect(hooks.receipts).toEqual([]);
  });

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    hooks.reply = (path) => (path === "/moved" ? { status: 302, headers: { location: `${hooks.url}/elsewhere` } } : { status: 200 });
    await boss(true).webhooks.create({ url: `${hooks.url}/moved`, events: ["project.created"] });
    worker(true);
    await as(session(client, DEMO_BUSINESS.id)).projects.create({ title: "Moved", event: "flyer" });
    await until(async () => {
      const [row] = await deliveries();
      return row?.attempts === 1 && row.lockedUntil === null;
    });
    expect((await deliveries())[0]).toMatchObject({
      status: "pending",
      lastStatus: 302,
      lastError: expect.stringMatching(/redirects are not followed/),
    });
    expect(hooks.receipts.map((r) => r.path)).toEqual(["/moved"]);
  });

  const procedures = Object.keys(appRouter._def.procedures).filter((path) => path.startsWith("webhooks."));
  const inputs: Record<string, unknown> = {
    "webhooks.create": { url: "https://hooks.example.com/atelier", events: ["project.created"] },
    "webhooks.list": undefined,
    "webhooks.delete": { id: "any" },
    "webhooks.resend": { deliveryId: "any" },
  };

  it("refuses every webhooks procedure to the studio's designers, clients and strangers", async () => {
    expect(procedures.sort()).toEqual(Object.keys(inputs).sort());
    const { id } = await boss(true).webhooks.create({ url: `${hooks.url}/kept`, events: ["project.created"] });
    inputs["webhooks.delete"] = { id };
    for (const [user, code] of [
      [session(designer, null), "FORBIDDEN"],
      [session(client, DEMO_BUSINESS.id), "FORBIDDEN"],
      [null, "UNAUTHORIZED"],
    ] as const) {
      for (const path of procedures) {
        // biome-ignore lint/suspicious/noExplicitAny: the procedure is reached by its path
        const procedure = path.split(".").reduce<any>((node, key) => node[key], as(user, true));
        expect(await codeOf(procedure(inputs[path])), `${path} as ${user?.role ?? "nobody"}`).toBe(code);
      }
    }
    expect(await boss().webhooks.list()).toEqual([expect.objectContaining({ id })]);
  });
});
