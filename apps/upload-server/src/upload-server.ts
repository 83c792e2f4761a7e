// The upload server: routes single and chunked uploads (base64 or binary), resume status, downloads and health over node:http.
import type { IncomingMessage, ServerResponse } from "node:http";
import { runReadinessChecks } from "@atelier/domain";
import { logger } from "@atelier/observability";
import { ERRORS, isHttpError, storeAnswers } from "@atelier/storage";
import { type HealthAnswer, storedFilePath, WIRE_PATHS } from "@atelier/upload-engine";
import { sweepExpiredGroups } from "./groups";
import {
  CONTROL_BODY_BYTES,
  capBody,
  corsHeaders,
  createHttpServer,
  type HttpServer,
  handlePreflight,
  PROBE_PATHS,
  sendError,
  sendJson,
  sendReadiness,
} from "./http";
import { failureReason, instrument, uploadMetrics } from "./metrics";
import { deleteFile } from "./routes/delete-file";
import { getFile } from "./routes/get-file";
import { getGroupStatus } from "./routes/get-group-status";
import { postChunk } from "./routes/post-chunk";
import { postUpload } from "./routes/post-upload";
import { bodyCap, createUploadContext, offeredEncodings, ticketOf, type UploadContext, type UploadServerConfig } from "./upload-context";

export type { UploadServerConfig } from "./upload-context";

type Cors = Record<string, string>;

// The most a request to `path` may send: a whole file or part in its encoding, or next to nothing.
function capFor(req: IncomingMessage, settings: UploadContext["settings"], path: string): number {
  if (path === WIRE_PATHS.upload) return bodyCap(req, settings.maxUploadBytes);
  if (path === WIRE_PATHS.chunked) return bodyCap(req, settings.maxPartBytes);
  return CONTROL_BODY_BYTES;
}

interface Counters {
  /** Requests being handled, for the balancer. */
  readonly inFlight: () => number;
  /** Parts taken since start; see HealthAnswer.partsReceived. */
  readonly partsReceived: () => number;
  readonly partReceived: () => void;
}

async function route(ctx: UploadContext, req: IncomingMessage, res: ServerResponse, cors: Cors, counters: Counters) {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const method = req.method ?? "GET";
  capBody(req, capFor(req, ctx.settings, path));
  const only = (allowed: string) => {
    if (!allowed.split(", ").includes(method)) throw ERRORS.MethodNotAllowed(allowed);
  };
  if (path === PROBE_PATHS.alive) {
    only("GET");
    sendJson(res, 200, { status: "ok" }, cors);
  } else if (path === PROBE_PATHS.ready) {
    only("GET");
    const checks = { storage: () => storeAnswers(ctx.store) };
    sendReadiness(res, await runReadinessChecks(checks, (m) => console.error(`[upload-server] ${m}`)), cors);
  } else if (path === WIRE_PATHS.health) {
    only("GET");
    const health: HealthAnswer = {
      status: "ok",
      inFlight: counters.inFlight(),
      encodings: offeredEncodings(ctx.settings),
      partsReceived: counters.partsReceived(),
    };
    sendJson(res, 200, health, cors);
  } else if (path === WIRE_PATHS.upload) {
    only("POST");
    await postUpload(ctx, req, res, cors);
  } else if (path === WIRE_PATHS.chunked) {
    only("POST");
    counters.partReceived();
    await postChunk(ctx, req, res, cors);
  } else if (path.startsWith(`${WIRE_PATHS.chunked}/`)) {
    only("GET");
    await getGroupStatus(ctx, req, res, path.slice(WIRE_PATHS.chunked.length + 1), cors);
  } else if (storedFilePath(path) !== null) {
    only("GET, HEAD, DELETE");
    const filePath = storedFilePath(path) ?? "";
    if (method === "DELETE") await deleteFile(ctx, req, res, filePath, cors);
    else await getFile(ctx, req, res, filePath, cors);
  } else {
    throw ERRORS.NotFound("Route");
  }
}

const log = logger("upload-server");

export function createUploadServer(config: UploadServerConfig): HttpServer {
  const ctx = createUploadContext(config);
  const { settings } = ctx;
  let inFlight = 0;
  let partsReceived = 0;
  const counters: Counters = {
    inFlight: () => inFlight,
    partsReceived: () => partsReceived,
    partReceived: () => {
      partsReceived += 1;
    },
  };

  const server = createHttpServer(settings, (req, res) => {
    if (!instrument(req, res, { log, metricsToken: config.metricsToken, fields: () => ({ ...ticketOf(req) }) })) return;
    if (handlePreflight(req, res, settings.webOrigin)) return;
    // The balancer reads this count to send new parts to the least busy server.
    if (req.url?.startsWith("/api/")) {
      inFlight += 1;
      res.once("close", () => {
        inFlight -= 1;
      });
    }
    const cors = corsHeaders(req, settings.webOrigin);
    route(ctx, req, res, cors, counters).catch(async (error: unknown) => {
      if (req.method === "POST") uploadMetrics.failures().inc({ reason: failureReason(error, req.destroyed && !res.writableEnded) });
      if (!isHttpError(error)) config.onError?.(error);
      await sendError(req, res, error, cors).catch(() => res.destroy());
    });
  });

  let sweeper: NodeJS.Timeout | undefined;
  if (settings.cleanupIntervalMs > 0) {
    server.once("listening", () => {
      sweeper = setInterval(() => {
        sweepExpiredGroups(ctx.store, ctx.now(), settings.groupTtlMs).catch((error: unknown) => config.onError?.(error));
      }, settings.cleanupIntervalMs);
      sweeper.unref();
    });
  }
  server.once("close", () => {
    clearInterval(sweeper);
    for (const hasher of ctx.hashers.values()) hasher.stop();
  });
  return server;
}
