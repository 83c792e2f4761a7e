// Traces through the API (README, "Traces"), sent over OTLP/HTTP to a real receiver: a request's HTTP span, the tRPC
// procedure it calls (named by its path, with its outcome), the PostgreSQL queries the procedure runs (same trace,
// children of the procedure), an outbox mail's send (its row and outcome, never its address or text), and an upload
// server's request linked to the web call that issued its ticket. Real PostgreSQL, real upload servers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createOutbox } from "@atelier/mail";
import { observeRequest, withSpan } from "@atelier/observability";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "@atelier/observability/testing/otlp-receiver";
import { startTracing, type Tracing } from "@atelier/observability/tracing";
import { verifyUploadTicket } from "@atelier/storage";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTrpcHandler } from "./index";

const SECRET = "s".repeat(32);
const SERVER = 2;
const CLIENT_ADDRESS = "carol.tracing@example.test";
const MAIL_TEXT = "The proof for Summer Menu is ready";

const [admin] = DEMO_USERS;
const adminUser: SessionUser = { ...admin, image: null, emailNotification: true, businessId: null };

describe("traces over OTLP", () => {
  let receiver: OtlpReceiver;
  let tracing: Tracing;
  let t: TestDatabase;
  let uploads: UploadServers;
  let web: Server;
  let base: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // biome-ignore lint/style/noProcessEnv: the exporter reads its settings from the environment, as in a server
    Object.assign(process.env, receiver.exporterEnv(100));
    // First, as each process does: node-postgres is loaded by createTestDatabase below, after the instrumentation.
    tracing = await startTracing("atelier-web");
    [t, uploads] = await Promise.all([createTestDatabase(), startUploadServers(SECRET)]);
    await seedDemo(t.db);
    // The web's tRPC route in miniature: the route handler's fetch handler behind a node:http server that labels each
    // request by its route, as serve.ts does. `x-test-user: admin` signs the caller in.
    const handle = createTrpcHandler({
      endpoint: "/api/trpc",
      allowedOrigins: [],
      createContext: async (req) => ({
        db: t.db,
        user: req.headers.get("x-test-user") === "admin" ? adminUser : null,
        now: () => new Date(),
        files: { store: uploads.imageStore, secret: SECRET, balancerUrl: uploads.balancerUrl },
        requestId: req.headers.get("x-request-id") ?? undefined,
      }),
    });
    web = createServer((req: IncomingMessage, res: ServerResponse) => {
      observeRequest(req, res, ["/api/trpc/[trpc]"]);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      void handle(new Request(`http://web${req.url}`, { method: req.method ?? "GET", headers })).then(async (answer) => {
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => web?.close(resolve));
    await uploads?.close();
    await t?.destroy();
    await tracing?.stop();
    await receiver?.close();
  });

  const call = async (procedure: string, input: unknown, headers: Record<string, string> = {}) => {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const answer = await fetch(`${base}/api/trpc/${procedure}${query}`, { headers });
    return { status: answer.status, body: (await answer.json()) as { result?: { data: { json: unknown } } } };
  };
  const childrenOf = (parent: ReceivedSpan) => receiver.spans().filter((s) => s.parentSpanId === parent.spanId);

  it("a request's span parents its procedure's, which parents the procedure's PostgreSQL queries", async () => {
    const { status } = await call("businesses.list", undefined, { "x-test-user": "admin" });
    expect(status).toBe(200);
    const procedure = await receiver.waitFor((s) => s.name === "businesses.list");
    expect(procedure).toMatchObject({
      service: "atelier-web",
      attributes: { "rpc.system": "trpc", "rpc.method": "businesses.list", "trpc.type": "query", "trpc.code": "OK" },
      status: 0,
    });
    const request = await receiver.waitFor((s) => s.spanId === procedure.parentSpanId);
    expect(request).toMatchObject({
      traceId: procedure.traceId,
      kind: SERVER,
      name: "GET /api/trpc/[trpc]",
      attributes: { "http.route": "/api/trpc/[trpc]", "http.response.status_code": 200 },
    });
    // node-postgres's spans: the pool lending a connection, and each query, in the procedure's trace and under it.
    await receiver.waitFor((s) => s.parentSpanId === procedure.spanId && s.attributes["db.system.name"] === "postgresql");
    const queries = childrenOf(procedure).filter((s) => s.name.startsWith("pg.query"));
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query.traceId).toBe(request.traceId);
    expect(queries.map((q) => String(q.attributes["db.query.text"]))).toContainEqual(expect.stringMatching(/from "businesses"/i));
  });

  it("a failed procedure's span carries its code", async () => {
    const { status } = await call("businesses.list", undefined);
    expect(status).toBe(401);
    const procedure = await receiver.waitFor((s) => s.name === "businesses.list" && s.attributes["trpc.code"] !== "OK");
    // A caller's fault (HTTP's 4xx) is not the server's error: the code says what happened, the status stays unset.
    expect(procedure).toMatchObject({ attributes: { "trpc.code": "UNAUTHORIZED", "error.type": "UNAUTHORIZED" }, status: 0 });
  });

  it("an upload server's request links to the web call that issued its ticket", async () => {
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id });
    const { body } = await call(
      "uploads.ticket",
      { projectId: project.id, kind: "briefing" },
      { "x-test-user": "admin", "x-request-id": "web-req-42" },
    );
    const { ticket, folder } = (body.result?.data.json ?? {}) as { ticket: string; folder: string };
    const issuing = await receiver.waitFor((s) => s.name === "uploads.ticket");
    const check = verifyUploadTicket(ticket, SECRET, Date.now());
    expect(check.ok && check.traceparent).toBe(`00-${issuing.traceId}-${issuing.spanId}-01`);

    const data = Buffer.from("hello, traced upload");
    const stored = await fetch(`${uploads.serverUrls[0]}/api/chunked`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${ticket}`,
        urlPath: `${folder}/hello.txt`,
        part: "1",
        parts: "1",
        "content-type": "application/octet-stream",
      },
      body: data.toString("base64"),
    });
    expect(stored.status).toBe(200);
    const part = await receiver.waitFor((s) => s.kind === SERVER && s.name === "POST /api/chunked");
    // Its own trace (the browser sent it), linked to the call that issued the ticket.
    expect(part.traceId).not.toBe(issuing.traceId);
    expect(part.links).toEqual([
      { traceId: issuing.traceId, spanId: issuing.spanId, attributes: { "atelier.web.request_id": "web-req-42" } },
    ]);
  });

  it("each mail sent from the outbox is a span with its row and outcome, and its queries under it", async () => {
    const sent: string[] = [];
    let refuse = false;
    const outbox = createOutbox({
      db: t.db,
      transport: {
        kind: "smtp",
        async send(mail) {
          if (refuse) throw Object.assign(new Error(`450 mailbox ${mail.to} busy`), { code: "EENVELOPE" });
          sent.push(mail.to);
        },
      },
      log: { info() {}, warn() {}, error() {} },
    });
    const mail = { kind: "test", to: CLIENT_ADDRESS, subject: "Your proof", text: MAIL_TEXT, html: `<p>${MAIL_TEXT}</p>` };
    const [delivered] = await outbox.enqueue(t.db, [mail]);
    await outbox.deliverNow([delivered ?? ""]);
    expect(sent).toEqual([CLIENT_ADDRESS]);
    const send = await receiver.waitFor((s) => s.name === "mail send" && s.attributes["atelier.mail.id"] === delivered);
    expect(send).toMatchObject({ attributes: { "atelier.mail.kind": "test", "atelier.mail.attempt": 1, "atelier.mail.outcome": "sent" } });
    // Marking the row sent is a query in the mail's trace.
    await receiver.waitFor((s) => s.parentSpanId === send.spanId && s.attributes["db.system.name"] === "postgresql");

    refuse = true;
    const [refused] = await outbox.enqueue(t.db, [mail]);
    await outbox.deliverNow([refused ?? ""]);
    const retry = await receiver.waitFor((s) => s.name === "mail send" && s.attributes["atelier.mail.id"] === refused);
    expect(retry).toMatchObject({ attributes: { "atelier.mail.outcome": "retry", "error.type": "EENVELOPE" }, status: 2 });
  });

  it("the worker a request starts or wakes sends its mail in a trace of its own, not the request's", async () => {
    const outbox = createOutbox({
      db: t.db,
      transport: { kind: "smtp", async send() {} },
      pollMs: 100,
      log: { info() {}, warn() {}, error() {} },
    });
    const mail = { kind: "woken", to: CLIENT_ADDRESS, subject: "Woken", text: MAIL_TEXT, html: `<p>${MAIL_TEXT}</p>` };
    let woken: string | undefined;
    try {
      await withSpan("request", {}, async () => {
        [woken] = await outbox.enqueue(t.db, [mail]);
        outbox.start();
        outbox.kick();
      });
      const send = await receiver.waitFor((s) => s.name === "mail send" && s.attributes["atelier.mail.id"] === woken);
      const request = await receiver.waitFor((s) => s.name === "request");
      expect(send.parentSpanId).toBeUndefined();
      expect(send.traceId).not.toBe(request.traceId);
      // Nor do the worker's later passes (every 100 ms here) join the request's trace: its only query is the insert.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await outbox.stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const request = await receiver.waitFor((s) => s.name === "request");
    await receiver.waitFor((s) => s.traceId === request.traceId && s.name.startsWith("pg.query"));
    const queries = receiver.spans().filter((s) => s.traceId === request.traceId && s.name.startsWith("pg.query"));
    expect(queries.map((q) => String(q.attributes["db.query.text"]).split(" ")[0])).toEqual(["insert"]);
  });

  it("sends neither a mail's address nor its text (nor an error's message, which names the address)", async () => {
    await tracing.stop();
    const exported = receiver
      .requests()
      .map((r) => r.body.toString("utf8"))
      .join("\n");
    expect(exported).not.toContain(CLIENT_ADDRESS);
    expect(exported).not.toContain(MAIL_TEXT);
  });
});
