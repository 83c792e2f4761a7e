// Traces from the upload processes as `npm start` runs them (README, "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT set,
// a balancer and upload servers in processes of their own send a server span per request (HTTP/1.1, and HTTP/2 over
// TLS) to a real OTLP/HTTP receiver, continuing a caller's traceparent and linking to the web call that issued the
// ticket; probes make none; and a SIGTERM sends the spans still buffered before the process exits.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OtlpReceiver, startOtlpReceiver } from "@atelier/observability/testing/otlp-receiver";
import { issueUploadTicket } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackTls, loopbackTls } from "../src/testing";
import { type ChildServer, startChildServer } from "./support/child-server";
import { TEST_SECRET } from "./support/cluster";
import { http2Client } from "./support/h2";

const SERVER = 2;
// The web call that issued the ticket, and the browser's own span (as a traced client would send it).
const WEB = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331" };
const CALLER = { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7" };

describe("upload processes with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  let receiver: OtlpReceiver;
  let root: string;
  let tls: LoopbackTls;
  let plain: ChildServer;
  let secure: ChildServer;
  let balancer: ChildServer;

  beforeAll(async () => {
    [receiver, root, tls] = await Promise.all([startOtlpReceiver(), mkdtemp(join(tmpdir(), "atelier-tracing-")), loopbackTls()]);
    // Spans wait a minute in the batch: only the stop sends them.
    const env = receiver.exporterEnv(60_000);
    const store = ["--store", join(root, "store")];
    [plain, secure] = await Promise.all([
      startChildServer("src/main.ts", ["--role", "server", "--port", "0", ...store], env),
      startChildServer(
        "src/main.ts",
        ["--role", "server", "--port", "0", ...store, "--tls-cert", tls.certFile, "--tls-key", tls.keyFile],
        env,
      ),
    ]);
    balancer = await startChildServer("src/main.ts", ["--role", "balancer", "--port", "0", "--servers", plain.url], env);
  });

  afterAll(async () => {
    await Promise.all([plain?.stop(), secure?.stop(), balancer?.stop()]);
    await receiver?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("sends a span per request, and the buffered ones when stopped", async () => {
    const ticket = issueUploadTicket(
      { userId: "alice", requestId: "web-req-7", traceparent: `00-${WEB.traceId}-${WEB.spanId}-01` },
      TEST_SECRET,
      Date.now(),
    ).ticket;
    const part = (name: string) => ({
      authorization: `Bearer ${ticket}`,
      urlPath: `ACME/traced/${name}`,
      part: "1",
      parts: "1",
      "content-type": "application/octet-stream",
    });
    const body = Buffer.from("a traced part").toString("base64");

    expect((await fetch(`${balancer.url}/`)).status).toBe(200);
    const stored = await fetch(`${plain.url}/api/chunked`, {
      method: "POST",
      headers: { ...part("plain.bin"), traceparent: `00-${CALLER.traceId}-${CALLER.spanId}-01` },
      body,
    });
    expect(stored.status).toBe(200);
    const h2 = http2Client(tls.cert);
    try {
      const answer = await h2.fetch(`${secure.url}/api/chunked`, {
        method: "POST",
        headers: part("secure.bin"),
        body: new TextEncoder().encode(body),
        signal: new AbortController().signal,
      });
      expect(answer.status).toBe(200);
    } finally {
      h2.close();
    }
    expect((await fetch(`${plain.url}/healthz`)).status).toBe(200);

    // Nothing yet (the batch waits); each process sends its spans as it stops, and exits as before.
    expect(receiver.spans()).toEqual([]);
    await Promise.all([plain.stop(), secure.stop(), balancer.stop()]);
    for (const child of [plain, secure, balancer]) expect(await child.exited).toEqual({ code: 0, signal: null });

    const handedOut = await receiver.waitFor((s) => s.service === "atelier-upload-balancer" && s.kind === SERVER);
    expect(handedOut).toMatchObject({ name: "GET /", attributes: { "http.route": "/", "http.response.status_code": 200 } });

    const servers = receiver.spans().filter((s) => s.service === "atelier-upload-server" && s.kind === SERVER);
    const overHttp1 = servers.find((s) => s.attributes["network.protocol.version"] === "1.1");
    const overHttp2 = servers.find((s) => s.attributes["network.protocol.version"] === "2.0");
    for (const span of [overHttp1, overHttp2]) {
      expect(span).toMatchObject({
        name: "POST /api/chunked",
        attributes: { "http.route": "/api/chunked", "http.response.status_code": 200 },
      });
      expect(span?.links).toEqual([{ ...WEB, attributes: { "atelier.web.request_id": "web-req-7" } }]);
    }
    // The caller's trace continues on the server.
    expect(overHttp1).toMatchObject({ traceId: CALLER.traceId, parentSpanId: CALLER.spanId });
    expect(overHttp1?.resource["service.instance.id"]).not.toBe(overHttp2?.resource["service.instance.id"]);
    // Probes and the balancer's health checks (every second) make no span.
    expect(receiver.spans().filter((s) => /health/.test(s.name) || /health/.test(String(s.attributes["url.path"])))).toEqual([]);
  });
});
