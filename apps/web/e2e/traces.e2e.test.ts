// Traces from the built web server (README, "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a real OTLP/HTTP
// receiver, one signed-in tRPC call is one trace from the server's request span, through the procedure's span, to the
// PostgreSQL queries it made, all inside Next's bundle; the mail it causes is sent under a span of its own; and no
// cookie or token reaches the collector.
import { randomBytes, randomUUID } from "node:crypto";
import { SESSION_COOKIE } from "@atelier/auth";
import { DEMO_USERS, seedDemo } from "@atelier/db";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "@atelier/observability/testing/otlp-receiver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTrpc, type Stack, startStack } from "./harness";

const SERVER = 2;

describe("traces of the web server (PostgreSQL, SMTP, an OTLP receiver)", () => {
  let receiver: OtlpReceiver;
  let stack: Stack<{ database: true; smtp: true }>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    stack = await startStack(
      { database: true, smtp: true },
      {
        seed: ({ t }) => seedDemo(t.db),
        env: receiver.exporterEnv(200),
      },
    );
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  it("follows a tRPC call from the server's request through its procedure to its queries, and a mail it caused", async () => {
    const client = DEMO_USERS.find((u) => u.role === "client");
    if (!client) throw new Error("no demo client");
    const token = randomBytes(32).toString("hex");
    await stack.t.db
      .insertInto("sessions")
      .values({ id: randomUUID(), sessionToken: token, userId: client.id, expires: new Date(Date.now() + 3_600_000) })
      .execute();
    const cookie = `${SESSION_COOKIE}=${token}`;
    await callTrpc(stack.app.url, cookie, "projects.list", {}, "GET");
    await callTrpc(stack.app.url, cookie, "projects.create", { title: "Traced poster", event: "print" });

    const procedure = await receiver.waitFor((s) => s.name === "projects.list" && s.attributes["trpc.code"] === "OK", 20_000);
    const trace = () => receiver.spans().filter((s) => s.traceId === procedure.traceId);
    const byId = (id: string | undefined) => trace().find((s) => s.spanId === id);
    const ancestors = (span: ReceivedSpan) => {
      const chain: ReceivedSpan[] = [];
      for (let up = byId(span.parentSpanId); up; up = byId(up.parentSpanId)) chain.push(up);
      return chain;
    };
    // Its queries, under it; the request span of serve.ts at the root, named by route.
    await receiver.waitFor((s) => s.traceId === procedure.traceId && s.name.startsWith("pg.query"), 20_000);
    const queries = trace().filter((s) => s.name.startsWith("pg.query"));
    expect(queries.some((q) => ancestors(q).includes(procedure))).toBe(true);
    const root = ancestors(procedure).at(-1);
    expect(root?.kind).toBe(SERVER);
    expect(root?.service).toBe("atelier-web");
    expect(root?.name).toMatch(/\/api\/trpc\/\[trpc\]/);

    // The mail the new project caused (the admin hears of it) is sent under a span of its own.
    const send = await receiver.waitFor((s) => s.name === "mail send" && s.attributes["atelier.mail.outcome"] === "sent", 20_000);
    expect(send.attributes["atelier.mail.kind"]).toBeDefined();

    // Nothing that signs anyone in left the process.
    const exported = receiver
      .requests()
      .map((r) => r.body.toString("utf8"))
      .join("\n");
    expect(exported).not.toContain(token);
    expect(exported).not.toContain(client.email);
  });
});
