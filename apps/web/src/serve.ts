// The web app's HTTP server (`npm start`): the built Next app behind a few rules that must hold before Next sees a request.
// It binds to HOST (loopback unless configured), records each request's socket address for the routes, keeps the
// dev mailbox to this machine, sets the security headers on every response, sends the API's answers whole, times
// every request by its route and serves /metrics (README, "Monitoring").
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import {
  fromThisMachine,
  logger,
  METRICS_PATH,
  observeRequest,
  REQUEST_ID_HEADER,
  requestIdFrom,
  serveMetrics,
  withRequestId,
} from "@atelier/observability";
import { startTracing } from "@atelier/observability/tracing";
import { clientAddressOf } from "@atelier/storage/client-address";
import next from "next";
import { type Config, EnvError, loadServerConfig } from "./env";
import { BACKUP_PATH, offeredBackup } from "./server/backup-source";
import { CLIENT_ADDRESS_HEADER } from "./server/client-address";
import { DEV_MAIL_VERDICT_HEADER, devMailVerdictFor, isDevMailPath, isNormalTarget, mayReadDevMail } from "./server/dev-mailbox-gate";
import { buildRouteLabeller } from "./server/route-label";
import { SECURITY_HEADERS } from "./server/security-headers";
import { endLiveStreams, shutDown } from "./server/shutdown";
import { sendWholeAnswer } from "./server/whole-answers";

let config: Config;
try {
  config = loadServerConfig();
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

// Before Next loads the routes, and node-postgres with them (README, "Traces"); without OTEL_EXPORTER_OTLP_ENDPOINT
// nothing of the SDK is loaded.
const tracing = await startTracing("atelier-web");

const app = next({ dev: false, dir: fileURLToPath(new URL("..", import.meta.url)), hostname: config.HOST, port: config.PORT });
const handle = app.getRequestHandler();
await app.prepare();

devMailVerdictFor(false);

const log = logger("web");
/** Routes logged at debug only: probes, scrapes and static files. */
const QUIET = new Set(["/healthz", "/readyz", "/_next/static", "/_next", "/icon.svg"]);
const routeOf = buildRouteLabeller(fileURLToPath(new URL("../.next", import.meta.url)));

// Requests being answered, so that a stop lets them finish (see shutdown below).
let inFlight = 0;
let draining = false;
let drained: () => void = () => {};

const server = createServer((req, res) => {
  inFlight += 1;
  res.once("close", () => {
    inFlight -= 1;
    if (inFlight === 0) drained();
  });
  if (draining) res.setHeader("Connection", "close");
  // Every request has an id from here on: the routes, the upload tickets they issue and the logs all name it.
  const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (draining && path === READY_PATH) {
    // Stopping: the balancer in front is to send its requests elsewhere (what is sent here meanwhile is still served).
    res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end('{"status":"draining"}');
    return;
  }
  if (path === METRICS_PATH) {
    serveMetrics(req, res, config.METRICS_TOKEN).catch((error: unknown) => {
      log.error({ err: error }, "metrics failed");
      res.destroy();
    });
    return;
  }
  if (path === BACKUP_PATH) {
    void sendBackup(req, res);
    return;
  }
  observeRequest(req, res, [routeOf(path)], { log, requestId, quiet: (route) => QUIET.has(route) });
  // Whatever a client sends under these names, the routes see what this server decided.
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req.socket.remoteAddress, req.headers, config.trustedProxies);
  delete req.headers[DEV_MAIL_VERDICT_HEADER];
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  if (!isNormalTarget(req.url)) {
    res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad request: the path is not in its normal form.");
    return;
  }
  if (isDevMailPath(req.url)) {
    const allowed =
      config.devMailbox && mayReadDevMail({ boundHost: config.HOST, remoteAddress: req.socket.remoteAddress, headers: req.headers });
    if (!allowed) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    req.headers[DEV_MAIL_VERDICT_HEADER] = devMailVerdictFor(true);
  }
  if (req.url?.startsWith("/api/trpc/")) sendWholeAnswer(req, res);
  // Whatever the routes start while answering (a mail written to the outbox) knows the request it is for.
  withRequestId(requestId, () => handle(req, res)).catch((error: unknown) => {
    log.error({ err: error, reqId: requestId }, "request failed");
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  });
});

/** GET /ops/backup: the embedded run's archive (README, "Backups"), to this machine only, as `npm run backup` asks. */
async function sendBackup(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const write = offeredBackup();
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (req.method !== "GET" || !fromThisMachine(req.socket.remoteAddress, req.headers) || !write) {
    res.writeHead(404, text).end("Not found");
    return;
  }
  const name = `atelier-${new Date().toISOString().replace(/[:.]/g, "-")}.tar`;
  res.writeHead(200, {
    "Content-Type": "application/x-tar",
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "no-store",
  });
  try {
    await write(res);
  } catch (error) {
    // Cut off mid-stream: the reader sees the answer end early, and the archive has no manifest to pass for whole.
    log.error({ err: error }, "backup failed");
    res.destroy();
  }
}

server.on("error", (error) => {
  console.error(`The web server cannot listen on ${config.HOST}:${config.PORT}:`, error.message);
  process.exit(1);
});
server.listen(config.PORT, config.HOST, () => log.info(`Web server listening on http://${config.HOST}:${config.PORT}`));

/** How long a stopping instance lets the requests in flight finish before it cuts them off. */
const SHUTDOWN_GRACE_MS = 10_000;
const READY_PATH = "/readyz";

// A graceful stop (SIGTERM from a deploy or `npm start`): /readyz says "draining" at once and, for SHUTDOWN_NOTICE_S,
// requests are still served (each answer closes its connection) while the balancer in front notices; then no new
// connection is taken (the balancer sends them to the other instances), live streams are told to reconnect and end,
// the requests in flight are answered, and the workers finish what they hold (a mail being sent is sent or handed
// back) before the process exits.
async function shutdown(): Promise<void> {
  if (draining) return;
  draining = true;
  if (config.SHUTDOWN_NOTICE_S > 0) {
    log.info({ seconds: config.SHUTDOWN_NOTICE_S }, "stopping: draining while the balancer notices");
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_NOTICE_S * 1000));
  }
  server.close();
  server.closeIdleConnections();
  endLiveStreams();
  await new Promise<void>((resolve) => {
    drained = resolve;
    if (inFlight === 0) resolve();
    setTimeout(resolve, SHUTDOWN_GRACE_MS).unref();
  });
  server.closeAllConnections();
  await shutDown();
  await app.close();
  // The spans of the requests and mail just finished.
  await tracing.stop();
}
const stop = () => void shutdown().finally(() => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, stop);
// Started by `npm start`'s supervisor: its channel closes when the supervisor is gone, however it ended.
process.once("disconnect", stop);
