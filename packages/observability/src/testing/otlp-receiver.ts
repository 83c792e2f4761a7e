// A real OTLP/HTTP receiver for tests: it takes what a process's exporter posts to /v1/traces, as JSON (decoded here
// into spans) or protobuf (kept as bytes). It listens in a worker thread of its own, so that a test process that
// traces itself does not trace the receiver's requests (which would be exported, received, traced, and so on).
import { Worker } from "node:worker_threads";

export interface ReceivedSpan {
  service: string | undefined;
  resource: Record<string, unknown>;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string; attributes: Record<string, unknown> }[];
  /** OTLP's numbers: 0 unset, 1 ok, 2 error. */
  status: number;
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT should say. */
  url: string;
  /** The environment that sends a process's spans here as JSON, a batch every `batchDelayMs`. */
  exporterEnv(batchDelayMs: number): Record<string, string>;
  /** Every span received as JSON so far. */
  spans(): ReceivedSpan[];
  /** Every request received: its path, content type and body. */
  requests(): { path: string; contentType: string; body: Buffer }[];
  /** The first span received that `match` accepts, waiting up to `timeoutMs` for it. */
  waitFor(match: (span: ReceivedSpan) => boolean, timeoutMs?: number): Promise<ReceivedSpan>;
  close(): Promise<void>;
}

const WORKER = `
const { createServer } = require("node:http");
const { parentPort } = require("node:worker_threads");
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const contentType = req.headers["content-type"] || "";
    parentPort.postMessage({ path: req.url, contentType, body: Buffer.concat(chunks) });
    // An empty ExportTraceServiceResponse: all accepted.
    if (contentType.includes("json")) res.writeHead(200, { "content-type": "application/json" }).end("{}");
    else res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
  });
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
parentPort.on("message", () => server.close(() => process.exit(0)));
`;

type Value = {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: Value[] };
};
type KeyValue = { key: string; value: Value };

function decodeValue(value: Value): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(decodeValue);
  return undefined;
}

const record = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((kv) => [kv.key, decodeValue(kv.value)]));

interface OtlpJsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  links?: { traceId: string; spanId: string; attributes?: KeyValue[] }[];
  status?: { code?: number };
}

/** The spans of one OTLP/JSON export request. */
function decodeOtlpJson(body: string): ReceivedSpan[] {
  const parsed = JSON.parse(body) as {
    resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: OtlpJsonSpan[] }[] }[];
  };
  return (parsed.resourceSpans ?? []).flatMap((rs) => {
    const resource = record(rs.resource?.attributes);
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        service: resource["service.name"] as string | undefined,
        resource,
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId || undefined,
        name: s.name,
        kind: s.kind,
        attributes: record(s.attributes),
        links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId, attributes: record(l.attributes) })),
        status: s.status?.code ?? 0,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const worker = new Worker(WORKER, { eval: true });
  const spans: ReceivedSpan[] = [];
  const requests: { path: string; contentType: string; body: Buffer }[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (message: { port?: number; path?: string; contentType?: string; body?: Uint8Array }) => {
      if (message.port !== undefined) {
        resolve(message.port);
        return;
      }
      const body = Buffer.from(message.body ?? new Uint8Array());
      requests.push({ path: message.path ?? "", contentType: message.contentType ?? "", body });
      if (message.contentType?.includes("json")) spans.push(...decodeOtlpJson(body.toString("utf8")));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    exporterEnv: (batchDelayMs) => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: String(batchDelayMs),
    }),
    spans: () => [...spans],
    requests: () => [...requests],
    async waitFor(match, timeoutMs = 15_000) {
      const due = Date.now() + timeoutMs;
      for (;;) {
        const found = spans.find(match);
        if (found) return found;
        if (Date.now() > due) {
          const names = spans.map((s) => `${s.service}: ${s.name}`).join("; ");
          throw new Error(`no such span within ${timeoutMs} ms; received: ${names || "none"}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage("close");
      await exited;
    },
  };
}
