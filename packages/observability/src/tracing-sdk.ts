// OpenTelemetry's SDK for one process, loaded only when tracing is on (tracing.ts): a tracer provider with the
// process's resource, spans batched to the OTLP/HTTP exporter, and the instrumentations of node:http (server and
// client spans) and node-postgres (a span per query, under the request, procedure or mail it serves).
import { createRequire } from "node:module";
import { DiagLogLevel, diag } from "@opentelemetry/api";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
  serviceInstanceIdDetector,
} from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, type Span, type SpanExporter, type SpanProcessor } from "@opentelemetry/sdk-trace-node";
import type { Logger } from "pino";
import { isUntracedPath } from "./spans";

/** At most one line a minute about spans that could not be sent: a collector that is down must not flood the log. */
const DIAG_LOG_EVERY_MS = 60_000;

async function exporterFor(protocol: "http/protobuf" | "http/json"): Promise<SpanExporter> {
  // Both read OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT and _COMPRESSION themselves.
  if (protocol === "http/protobuf") return new (await import("@opentelemetry/exporter-trace-otlp-proto")).OTLPTraceExporter();
  return new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter();
}

const QUERY = /\?.*$/s;

/**
 * Spans name requests by their route, as the log does, never by a URL that may hold a token (a sign-in link's, a guest
 * review's, a calendar feed's) or a search: a query is dropped, and a span that knows its route (http.route, set by
 * observeRequest and by Next) carries the route as its path. Run when a span starts and again as it ends, over every
 * span, Next's own included.
 */
function scrub(span: Span): void {
  const attributes = span.attributes;
  const route = attributes["http.route"];
  for (const key of ["url.path", "http.target"]) {
    const value = attributes[key];
    if (typeof value !== "string") continue;
    const clean = typeof route === "string" ? route : value.replace(QUERY, "");
    if (clean !== value) span.setAttribute(key, clean);
  }
  for (const key of ["url.full", "http.url"]) {
    const value = attributes[key];
    if (typeof value === "string" && QUERY.test(value)) span.setAttribute(key, value.replace(QUERY, ""));
  }
  if (attributes["url.query"] !== undefined && attributes["url.query"] !== "REDACTED") span.setAttribute("url.query", "REDACTED");
}

const scrubber: SpanProcessor = {
  onStart: scrub,
  onEnding: scrub,
  onEnd: () => {},
  forceFlush: async () => {},
  shutdown: async () => {},
};

export async function startSdk(options: {
  serviceName: string;
  protocol: "http/protobuf" | "http/json";
  log: Logger;
}): Promise<{ shutdown(): Promise<void> }> {
  const { log } = options;
  let lastLine = 0;
  diag.setLogger(
    {
      error: (message: string) => {
        if (Date.now() - lastLine < DIAG_LOG_EVERY_MS) return;
        lastLine = Date.now();
        log.warn(`traces: ${message}`);
      },
      warn: () => {},
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    { logLevel: DiagLogLevel.ERROR, suppressOverrideMessage: true },
  );
  const exporter = await exporterFor(options.protocol);
  // Ours first, then what the host and process say, then OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES over both.
  const resource = defaultResource()
    .merge(detectResources({ detectors: [hostDetector, processDetector, serviceInstanceIdDetector] }))
    .merge(resourceFromAttributes({ "service.name": options.serviceName, "service.namespace": "atelier" }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [scrubber, new BatchSpanProcessor(exporter)] });
  // The global provider, context kept across awaits (AsyncLocalStorage), and W3C trace context in and out.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => isUntracedPath(req.url),
        // Background calls (the balancer's health checks go by fetch, which this does not see anyway) start no trace.
        requireParentforOutgoingSpans: true,
      }),
      // Only queries that serve something traced: the outbox's and the workers' polls every few seconds start none.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  // The hooks see `require`, not `import`: our servers import node:http as ES modules, so it is required once here,
  // which patches the module every importer shares (its Server.prototype.emit, its request). node-postgres needs
  // nothing of the kind: however it is imported, its own modules require one another (pg/lib/client.js is patched).
  const require = createRequire(import.meta.url);
  require("node:http");
  require("node:https");
  return { shutdown: () => provider.shutdown() };
}
