// Who may read /metrics (README, "Monitoring"): with METRICS_TOKEN set, whoever sends it as a bearer token; without
// it, only a caller on this machine that came straight to the socket (no proxy's forwarding headers), since a proxy
// on the same machine would make every visitor look local.
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { metricsRegistry } from "./registry";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDING = ["forwarded", "x-forwarded-for", "x-real-ip"];

export function mayReadMetrics(request: {
  remoteAddress: string | undefined;
  headers: IncomingHttpHeaders;
  token: string | undefined;
}): boolean {
  if (request.token) {
    const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const a = Buffer.from(sent);
    const b = Buffer.from(request.token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  return fromThisMachine(request.remoteAddress, request.headers);
}

/** A caller on this machine that came straight to the socket: a proxy's forwarding headers say someone else sent it. */
export function fromThisMachine(remoteAddress: string | undefined, headers: IncomingHttpHeaders): boolean {
  return LOOPBACK.test(remoteAddress ?? "") && !FORWARDING.some((name) => headers[name] !== undefined);
}

/** The path every process serves its metrics at. */
export const METRICS_PATH = "/metrics";

/** Answers GET /metrics: this process's registry as Prometheus text, or 403 to a caller who may not read it. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined): Promise<void> {
  if (!mayReadMetrics({ remoteAddress: req.socket.remoteAddress, headers: req.headers, token })) {
    res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end(
      token
        ? "Send the metrics token as a bearer token."
        : "Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.",
    );
    return;
  }
  const registry = metricsRegistry();
  const text = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
  res.end(text);
}
