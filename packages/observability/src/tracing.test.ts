// Traces (README, "Traces"): without OTEL_EXPORTER_OTLP_ENDPOINT nothing of OpenTelemetry's SDK is loaded; with it,
// spans reach a real OTLP/HTTP receiver (protobuf by default, JSON when asked), name routes rather than URLs, carry
// no error message, and a collector that is down costs a log line, never the process.
import { spawn } from "node:child_process";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observeRequest } from "./http";
import { currentTraceparent, linkToTraceparent, withSpan } from "./spans";
import { type OtlpReceiver, startOtlpReceiver } from "./testing/otlp-receiver";
import { startTracing } from "./tracing";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));

/** This process's environment without any OpenTelemetry variable, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  // biome-ignore lint/style/noProcessEnv: a child process's environment, made from this one's
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("OTEL_")));
  return { ...clean, ...env };
}

// A fresh process that starts tracing as a server would, makes one span, stops, and reports which of OpenTelemetry's
// modules it loaded (every one of them is CommonJS, so each is in require's cache however it was imported).
const PROBE = `
import { createRequire } from "node:module";
import { withSpan } from "./src/index.ts";
import { startTracing } from "./src/tracing.ts";
const tracing = await startTracing("atelier-probe");
await withSpan("probe work", { "probe.n": 1 }, async () => {});
const started = Date.now();
await tracing.stop();
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((p) => p.includes("/@opentelemetry/"));
console.log(JSON.stringify({
  sdk: loaded.filter((p) => !p.includes("/@opentelemetry/api/")).length,
  tracerProvider: loaded.some((p) => p.includes("/sdk-trace-node/")),
  stopMs: Date.now() - started,
}));
// As the servers do once stopped: an exporter still retrying a collector that is down must not keep the process.
process.exit(0);
`;

async function probe(
  env: Record<string, string>,
): Promise<{ exit: number | null; report: { sdk: number; tracerProvider: boolean; stopMs: number } }> {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PROBE], {
    cwd: PACKAGE_DIR,
    env: childEnv({ NODE_ENV: "production", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  const exit = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  // The log writes JSON lines to stdout too.
  const line = out.split("\n").find((l) => l.includes('"stopMs"')) ?? "";
  try {
    return { exit, report: JSON.parse(line) };
  } catch {
    throw new Error(`probe said: ${out}\n${err}`);
  }
}

// Each probe starts a node process with a TypeScript loader: about a second on a busy machine.
const PROBE_MS = 30_000;

describe("tracing off", () => {
  it(
    "without OTEL_EXPORTER_OTLP_ENDPOINT, loads nothing of the SDK, and the helpers only run the work",
    async () => {
      const { exit, report } = await probe({});
      expect(exit).toBe(0);
      expect(report).toMatchObject({ sdk: 0, tracerProvider: false });
    },
    PROBE_MS,
  );
});

describe("tracing on, in another process", () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => receiver?.close());

  it(
    "sends protobuf by default, and the spans buffered when it stops",
    async () => {
      // The batch waits 5 s by default: the probe stops at once, so its span arrives only if stopping flushes it.
      const { exit, report } = await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
      expect(exit).toBe(0);
      expect(report.tracerProvider).toBe(true);
      const sent = receiver.requests().filter((r) => r.path === "/v1/traces");
      expect(sent.map((r) => r.contentType)).toEqual(["application/x-protobuf"]);
      const body = sent[0]?.body ?? Buffer.alloc(0);
      expect(body.includes("probe work")).toBe(true);
      expect(body.includes("atelier-probe")).toBe(true);
    },
    PROBE_MS,
  );

  it(
    "goes on when the collector is unreachable, and stops within its bound",
    async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const { exit, report } = await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
      expect(exit).toBe(0);
      expect(report.tracerProvider).toBe(true);
      expect(report.stopMs).toBeLessThan(3_000);
    },
    PROBE_MS,
  );

  it(
    "refuses gRPC (not included) with a log line, and runs untraced",
    async () => {
      const { exit, report } = await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" });
      expect(exit).toBe(0);
      expect(report).toMatchObject({ sdk: 0, tracerProvider: false });
    },
    PROBE_MS,
  );
});

describe("tracing on, in this process (OTLP/JSON)", () => {
  let receiver: OtlpReceiver;
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (path === "/healthz") {
      res.end("ok");
      return;
    }
    observeRequest(req, res, [path.startsWith("/review/") ? "/review/[token]" : "other"]);
    const linked = req.headers["x-ticket-traceparent"];
    void withSpan("work", { "work.kind": "test" }, async () => {
      linkToTraceparent(typeof linked === "string" ? linked : undefined, { "atelier.web.request_id": "req-1" });
      const traceparent = currentTraceparent();
      await withSpan("mail send", {}, async () => {
        throw Object.assign(new Error("550 no such mailbox bob@example.test"), { code: "EENVELOPE" });
      }).catch(() => {});
      res.end(traceparent);
    });
  });
  let base: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // biome-ignore lint/style/noProcessEnv: the exporter reads its settings from the environment, as in a server
    Object.assign(process.env, receiver.exporterEnv(100));
    await startTracing("atelier-test");
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await receiver?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<string>((resolve, reject) => {
      // node:http rather than fetch: the HTTP instrumentation sees node:http, and a client span shows it.
      const req = request(`${base}${path}`, { headers }, (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end();
    });

  it("a request's server span continues the caller's trace, is named by its route, and parents the work", async () => {
    const callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const callerSpan = "00f067aa0ba902b7";
    const ticket = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const answer = await get("/review/s3cret-token?code=123456", {
      traceparent: `00-${callerTrace}-${callerSpan}-01`,
      "x-ticket-traceparent": ticket,
    });
    const request = await receiver.waitFor((s) => s.kind === 2 && s.traceId === callerTrace);
    expect(request).toMatchObject({ service: "atelier-test", name: "GET /review/[token]", parentSpanId: callerSpan });
    expect(request.attributes).toMatchObject({
      "http.route": "/review/[token]",
      "url.path": "/review/[token]",
      "url.query": "REDACTED",
      "http.response.status_code": 200,
    });
    const work = await receiver.waitFor((s) => s.name === "work" && s.traceId === callerTrace);
    expect(work.parentSpanId).toBe(request.spanId);
    expect(work.attributes["work.kind"]).toBe("test");
    expect(work.links).toEqual([
      { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331", attributes: { "atelier.web.request_id": "req-1" } },
    ]);
    // What the work would hand to another process names the work's span.
    expect(answer).toBe(`00-${callerTrace}-${work.spanId}-01`);
    const failed = await receiver.waitFor((s) => s.name === "mail send" && s.traceId === callerTrace);
    expect(failed).toMatchObject({ parentSpanId: work.spanId, status: 2, attributes: { "error.type": "EENVELOPE" } });
    // Nothing of the URL's token or query, nor of the error's message, left the process.
    const sent = receiver
      .requests()
      .map((r) => r.body.toString("utf8"))
      .join("\n");
    expect(sent).not.toContain("s3cret");
    expect(sent).not.toContain("123456");
    expect(sent).not.toContain("bob@example.test");
  });

  it("makes no span for probes", async () => {
    await get("/healthz");
    await get("/review/after-probe");
    await receiver.waitFor((s) => s.attributes["http.route"] === "/review/[token]" && s.parentSpanId === undefined);
    expect(receiver.spans().filter((s) => s.name.includes("healthz") || s.attributes["url.path"] === "/healthz")).toEqual([]);
  });
});
