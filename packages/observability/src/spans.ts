// Traces (README, "Monitoring"): the spans our own code makes, through @opentelemetry/api alone. Whether the process
// exports traces is decided once by startTracing (tracing.ts); until it does, every helper here runs the work it is
// given and nothing else. The web server and Next's route handlers are bundled apart, so the switch is on globalThis.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type Attributes,
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { outsideRequest } from "./request-context";

export type { Span };

const ON = Symbol.for("atelier.tracing.on");
type Holder = { [ON]?: boolean };

/** Whether this process sends traces (OTEL_EXPORTER_OTLP_ENDPOINT was set and the SDK started). */
function tracingOn(): boolean {
  return (globalThis as Holder)[ON] === true;
}

/** Called by startTracing once the SDK runs. */
export function markTracingOn(): void {
  (globalThis as Holder)[ON] = true;
}

const tracer = () => trace.getTracer("atelier");

/** What the work gets when nothing is traced: a span whose every method does nothing. */
const NOT_RECORDED = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Paths no span is made for: probes and scrapes, which come every few seconds to every process. */
const UNTRACED_PATHS = new Set(["/healthz", "/readyz", "/metrics", "/health"]);

export function isUntracedPath(url: string | undefined): boolean {
  return UNTRACED_PATHS.has((url ?? "/").split("?")[0] ?? "/");
}

/**
 * Runs `work` in a span of its own, a child of the span active now; the span ends when the work does. A throw marks
 * it failed with the error's type (errorType), never its message.
 */
export async function withSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  if (!tracingOn()) return work(NOT_RECORDED);
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failSpan(span, errorType(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs `start` with no span active and for no request: for a worker's timer set while a request is being served (a
 * kick after its commit), so that the worker's later passes, their queries and the mail they write, do not join that
 * request's trace nor name it (request-context.ts).
 */
export function withoutTrace<T>(start: () => T): T {
  return outsideRequest(() => (tracingOn() ? context.with(ROOT_CONTEXT, start) : start()));
}

/** Marks a span failed, with a short type (a code, a class name): a message may name a person or carry an address. */
export function failSpan(span: Span, type: string): void {
  span.setAttribute("error.type", type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** An error's code when it has a short one (ECONNREFUSED, EAUTH, 23505), else its class name. */
export function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(code)) return code;
  return error instanceof Error ? error.name : "unknown";
}

/**
 * The active span as a W3C `traceparent` value, to hand to another process inside something it receives (an upload
 * ticket); undefined when nothing is traced.
 */
export function currentTraceparent(): string | undefined {
  if (!tracingOn()) return undefined;
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * Links the active span (a request's) to the span a `traceparent` names: the web's call that issued the ticket this
 * request carries. A link, not a parent: the browser sent this request, later, and maybe many like it.
 */
export function linkToTraceparent(traceparent: string | undefined, attributes: Attributes = {}): void {
  if (!tracingOn() || !traceparent) return;
  const span = trace.getActiveSpan();
  const linked = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
  if (span && linked && isSpanContextValid(linked)) span.addLink({ context: linked, attributes });
}

/**
 * Names the active HTTP server span by its route pattern, as the metrics and the log do (`GET /projects/[id]`); the
 * exported span then carries the route instead of the path (tracing-sdk.ts), so no token in a path leaves the process.
 */
export function nameServerSpan(method: string, route: string): void {
  if (!tracingOn()) return;
  const span = trace.getActiveSpan();
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute("http.route", route);
}

/**
 * Runs `handle` in an HTTP server span when nothing made one: node:http2's servers (the upload servers with TLS),
 * which the HTTP instrumentation does not see. A `traceparent` the caller sent makes it a child of the caller's span.
 */
export function inServerSpan(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  if (!tracingOn() || trace.getActiveSpan() || isUntracedPath(req.url)) {
    handle();
    return;
  }
  const method = req.method ?? "GET";
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer().startSpan(
    method,
    {
      kind: SpanKind.SERVER,
      attributes: {
        "http.request.method": method,
        "url.scheme": "https",
        "url.path": (req.url ?? "/").split("?")[0] ?? "/",
        "network.protocol.version": req.httpVersion,
      },
    },
    parent,
  );
  res.once("close", () => {
    span.setAttribute("http.response.status_code", res.statusCode);
    if (res.statusCode >= 500) failSpan(span, String(res.statusCode));
    span.end();
  });
  context.with(trace.setSpan(parent, span), handle);
}
