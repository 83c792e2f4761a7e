// What an upload server and the balancer count for Prometheus (README, "Monitoring"; served at /metrics).
import type { IncomingMessage, ServerResponse } from "node:http";
import { counter, type logger, METRICS_PATH, observeRequest, REQUEST_ID_HEADER, requestIdFrom, serveMetrics } from "@atelier/observability";
import { isHttpError } from "@atelier/storage";
import { storedFilePath, WIRE_PATHS } from "@atelier/upload-engine";
import { PROBE_PATHS } from "./http";

export const uploadMetrics = {
  bytes: () => counter({ name: "atelier_upload_bytes_received_total", help: "Bytes of files and parts stored (decoded)" }),
  parts: () =>
    counter({ name: "atelier_upload_parts_received_total", help: "Parts stored (a resent part that was already stored is not counted)" }),
  failures: () =>
    counter({
      name: "atelier_upload_part_failures_total",
      help: "Uploads and parts refused or failed, by reason (the answer's error, 'aborted' when the client went away, 'internal')",
      labelNames: ["reason"] as const,
    }),
};

/** A failure's reason as a label: the error its answer names (bounded: our own catalogue), never its message. */
export function failureReason(error: unknown, aborted: boolean): string {
  if (aborted) return "aborted";
  if (isHttpError(error)) return error.error.toLowerCase().replace(/[^a-z0-9]+/g, "_");
  return "internal";
}

/** A request's route for the duration histogram: the wire's paths, a stored file as one route, anything else "other". */
function uploadRouteOf(path: string): string {
  if (path.startsWith(`${WIRE_PATHS.chunked}/`)) return `${WIRE_PATHS.chunked}/:group`;
  if (storedFilePath(path) !== null) return `${WIRE_PATHS.files}:path`;
  const known: string[] = [
    WIRE_PATHS.upload,
    WIRE_PATHS.chunked,
    WIRE_PATHS.health,
    PROBE_PATHS.alive,
    PROBE_PATHS.ready,
    METRICS_PATH,
    "/",
  ];
  return known.includes(path) ? path : "other";
}

const QUIET = new Set<string>([PROBE_PATHS.alive, PROBE_PATHS.ready, WIRE_PATHS.health]);

/**
 * What every request to an upload server or the balancer goes through first: /metrics is answered here (false: the
 * request is done); any other gets its id (the one sent, or a new one), answered back, and is timed and logged.
 */
export function instrument(
  req: IncomingMessage,
  res: ServerResponse,
  options: { log: ReturnType<typeof logger>; metricsToken: string | undefined; fields?: () => Record<string, unknown> },
): boolean {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (path === METRICS_PATH) {
    serveMetrics(req, res, options.metricsToken).catch((error: unknown) => {
      options.log.error({ err: error }, "metrics failed");
      res.destroy();
    });
    return false;
  }
  const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  res.setHeader(REQUEST_ID_HEADER, requestId);
  observeRequest(req, res, [uploadRouteOf(path)], { log: options.log, requestId, fields: options.fields, quiet: (r) => QUIET.has(r) });
  return true;
}
