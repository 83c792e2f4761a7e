// Every HTTP request's duration, by route (never the raw path: IDs would make a series per project), method and status.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { histogram } from "./registry";
import { nameServerSpan } from "./spans";

/** Seconds: a tRPC read answers in milliseconds, an upload part may take tens of seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function durations() {
  return histogram({
    name: "atelier_http_request_duration_seconds",
    help: "HTTP requests by route (a path pattern or tRPC procedure), method and status, until the answer was sent",
    labelNames: ["route", "method", "status"] as const,
    buckets: BUCKETS,
  });
}

/**
 * Times the request until its answer has gone (or the connection closed first: status "aborted"), and records it under
 * each of `routes` (a tRPC batch names each procedure it called).
 */
export interface AccessLog {
  log: Logger;
  requestId: string;
  /** More to say about the request once it has ended (who sent it, how many bytes). */
  fields?: () => Record<string, unknown>;
  /** Routes logged at debug only (probes, static files): the rest at info. */
  quiet?: (route: string) => boolean;
}

export function observeRequest(req: IncomingMessage, res: ServerResponse, routes: readonly string[], access?: AccessLog): void {
  const started = process.hrtime.bigint();
  nameServerSpan(req.method ?? "GET", routes.join(","));
  let done = false;
  const finish = (aborted: boolean) => {
    if (done) return;
    done = true;
    const status = aborted && !res.writableFinished ? "aborted" : String(res.statusCode);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const method = req.method ?? "GET";
    for (const route of routes) durations().observe({ route, method, status }, seconds);
    if (access) {
      const route = routes.join(",");
      const entry = { reqId: access.requestId, method, route, status, ms: Math.round(seconds * 1000), ...access.fields?.() };
      if (access.quiet?.(route)) access.log.debug(entry, "request");
      else access.log.info(entry, "request");
    }
  };
  res.once("finish", () => finish(false));
  res.once("close", () => finish(true));
}
