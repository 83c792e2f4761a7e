// The balancer: GET / answers {url} of a healthy upload server, least loaded first.
import type { IncomingMessage, ServerResponse } from "node:http";
import { messages, runReadinessChecks } from "@atelier/domain";
import { counter, gauge, logger } from "@atelier/observability";
import { clientAddressOf, ERRORS, parseTrustedProxies } from "@atelier/storage";
import {
  type BalancerAnswer,
  BODY_ENCODINGS,
  type BodyEncoding,
  parseHealthAnswer,
  WIRE_HEADERS,
  WIRE_PATHS,
} from "@atelier/upload-engine";
import { z } from "zod";
import {
  CONTROL_BODY_BYTES,
  capBody,
  connectionSettingsSchema,
  corsHeaders,
  createHttpServer,
  firstHeader,
  type HttpServer,
  handlePreflight,
  PROBE_PATHS,
  sendError,
  sendJson,
  sendReadiness,
} from "./http";
import { instrument } from "./metrics";

const balancerSettingsSchema = z.object({
  servers: z.array(z.url()).min(1),
  webOrigin: z.url().optional(),
  healthIntervalMs: z.number().int().positive().default(1000),
  healthTimeoutMs: z.number().int().positive().default(1000),
  // x-failed-server reports acted on per client address and window; more are ignored. Enough
  // for a browser whose parallel parts all lost the same server, far too few to probe a
  // healthy one out of the pool.
  reportsPerClient: z.number().int().positive().default(20),
  reportWindowMs: z.number().int().positive().default(10_000),
  // Reverse proxies whose X-Forwarded-For names the browser, so reports are counted per browser, not per proxy.
  trustedProxies: z
    .string()
    .default("")
    .transform((value, ctx) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `TRUSTED_PROXIES: ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
  ...connectionSettingsSchema.shape,
});

export interface BalancerConfig extends z.input<typeof balancerSettingsSchema> {
  /** When set, /metrics answers whoever sends it as a bearer token; otherwise only this machine (README, "Monitoring"). */
  metricsToken?: string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
}

interface Backend {
  url: string;
  healthy: boolean;
  // Load the server reported at its last health check, plus what we handed out since.
  inFlight: number;
  handedOut: number;
  // A confirmed report wins over any health check that started before its probe.
  reportedDownAt: number;
  // Health checks in a row that timed out (as opposed to being refused).
  timeouts: number;
  // The body encodings its last health answer offered, passed on to the clients it is handed to.
  encodings: readonly BodyEncoding[];
}

/**
 * A server that refuses the connection is down at once; one that is merely slow to answer (a busy
 * machine) is given this many timed-out checks in a row first, so load alone does not empty the pool.
 */
const TIMEOUTS_BEFORE_DOWN = 2;

const normalise = (url: string) => url.replace(/\/+$/, "");

const log = logger("balancer");

export function createBalancer(config: BalancerConfig): HttpServer {
  const settings = balancerSettingsSchema.parse(config);
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const backends: Backend[] = settings.servers.map((url) => ({
    url: normalise(url),
    // Optimistic until the first check: a fresh balancer should not answer 503 for a second.
    healthy: true,
    inFlight: 0,
    handedOut: 0,
    reportedDownAt: -1,
    timeouts: 0,
    // base64 until the server says more: every server takes it.
    encodings: [BODY_ENCODINGS.base64],
  }));
  let turn = 0;
  // The balancer's view of each server, read when Prometheus scrapes.
  gauge({
    name: "atelier_balancer_server_up",
    help: "1 while the balancer hands the upload server out, 0 while it counts it down",
    labelNames: ["server"] as const,
    read: () => backends.map((b) => [{ server: b.url }, b.healthy ? 1 : 0]),
  });
  gauge({
    name: "atelier_balancer_server_load",
    help: "Requests the upload server reported in flight at its last check, plus parts handed to it since",
    labelNames: ["server"] as const,
    read: () => backends.map((b) => [{ server: b.url }, b.inFlight + b.handedOut]),
  });
  const handedOut = counter({
    name: "atelier_balancer_handed_out_total",
    help: "Answers naming an upload server",
    labelNames: ["server"] as const,
  });

  // One health request; a timeout is told apart from a refusal or a bad answer.
  async function probe(
    backend: Backend,
  ): Promise<{ healthy: boolean; inFlight?: number; encodings?: readonly BodyEncoding[]; timedOut: boolean }> {
    try {
      const answer = await doFetch(`${backend.url}${WIRE_PATHS.health}`, { signal: AbortSignal.timeout(settings.healthTimeoutMs) });
      if (!answer.ok) return { healthy: false, timedOut: false };
      const { inFlight, encodings } = parseHealthAnswer(await answer.json());
      return { healthy: true, inFlight, encodings, timedOut: false };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return { healthy: false, timedOut };
    }
  }

  async function check(backend: Backend): Promise<void> {
    const startedAt = now();
    const result = await probe(backend);
    backend.timeouts = result.timedOut ? backend.timeouts + 1 : result.healthy ? 0 : TIMEOUTS_BEFORE_DOWN;
    // Slow, not gone: keep what we knew until the timeouts add up.
    const healthy = result.healthy || (result.timedOut && backend.timeouts < TIMEOUTS_BEFORE_DOWN && backend.healthy);
    if (healthy && backend.reportedDownAt >= startedAt) return;
    backend.healthy = healthy;
    backend.inFlight = result.inFlight ?? backend.inFlight;
    backend.encodings = result.encodings ?? backend.encodings;
    backend.handedOut = 0;
  }

  // A client's word alone takes no server out of rotation: the report is checked with a probe
  // of its own, and only a server that fails it (a timeout included) leaves. Reports about the
  // same server at the same moment share one probe.
  const confirming = new Map<Backend, Promise<void>>();
  function confirmReport(backend: Backend): Promise<void> {
    let pending = confirming.get(backend);
    if (!pending) {
      const startedAt = now();
      pending = probe(backend).then((result) => {
        confirming.delete(backend);
        if (result.healthy) return;
        backend.healthy = false;
        backend.reportedDownAt = startedAt;
      });
      confirming.set(backend, pending);
    }
    return pending;
  }

  // Reports per client address in the current window; windows that ended are dropped on each health round.
  const reports = new Map<string, { since: number; count: number }>();
  function withinReportLimit(address: string): boolean {
    const at = now();
    let entry = reports.get(address);
    if (!entry || at - entry.since >= settings.reportWindowMs) {
      entry = { since: at, count: 0 };
      reports.set(address, entry);
    }
    entry.count += 1;
    return entry.count <= settings.reportsPerClient;
  }
  function forgetEndedWindows(): void {
    const at = now();
    for (const [address, entry] of reports) if (at - entry.since >= settings.reportWindowMs) reports.delete(address);
  }

  const checkAll = () => {
    forgetEndedWindows();
    return Promise.all(backends.map(check));
  };

  function pick(): Backend | undefined {
    const healthy = backends.filter((backend) => backend.healthy);
    if (healthy.length === 0) return undefined;
    turn += 1;
    // Round-robin among the least loaded, so equal servers share the work.
    const load = (backend: Backend) => backend.inFlight + backend.handedOut;
    const least = Math.min(...healthy.map(load));
    const candidates = healthy.filter((backend) => load(backend) === least);
    return candidates[turn % candidates.length];
  }

  async function route(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): Promise<void> {
    capBody(req, CONTROL_BODY_BYTES);
    const path = (req.url ?? "/").split("?")[0];
    if (path === PROBE_PATHS.alive) {
      sendJson(res, 200, { status: "ok" }, cors);
      return;
    }
    if (path === PROBE_PATHS.ready) {
      // Ready while it has an upload server to hand out; which ones is /health's to say.
      const servers = () => backends.some((b) => b.healthy);
      sendReadiness(res, await runReadinessChecks({ servers }, (m) => console.error(`[balancer] ${m}`)), cors);
      return;
    }
    if (path === WIRE_PATHS.health) {
      sendJson(res, 200, { status: "ok", healthy: backends.filter((b) => b.healthy).map((b) => b.url) }, cors);
      return;
    }
    if (path !== "/") throw ERRORS.NotFound("Route");
    if (req.method !== "GET") throw ERRORS.MethodNotAllowed("GET");
    const failed = firstHeader(req, WIRE_HEADERS.failedServer);
    if (failed && withinReportLimit(clientAddressOf(req.socket.remoteAddress, req.headers, settings.trustedProxies))) {
      const backend = backends.find((candidate) => candidate.url === normalise(failed.trim()));
      if (backend?.healthy) await confirmReport(backend);
    }
    const chosen = pick();
    if (!chosen) throw ERRORS.ServiceUnavailable(messages.noServers());
    chosen.handedOut += 1;
    handedOut.inc({ server: chosen.url });
    const answer: BalancerAnswer = { url: chosen.url, encodings: chosen.encodings };
    sendJson(res, 200, answer, cors);
  }

  const server = createHttpServer(settings, (req, res) => {
    if (!instrument(req, res, { log, metricsToken: config.metricsToken })) return;
    if (handlePreflight(req, res, settings.webOrigin)) return;
    const cors = corsHeaders(req, settings.webOrigin);
    route(req, res, cors).catch((error: unknown) => sendError(req, res, error, cors).catch(() => res.destroy()));
  });

  let timer: NodeJS.Timeout | undefined;
  server.once("listening", () => {
    void checkAll();
    timer = setInterval(() => void checkAll(), settings.healthIntervalMs);
    timer.unref();
  });
  server.once("close", () => clearInterval(timer));
  return server;
}
