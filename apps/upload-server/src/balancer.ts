// The balancer: GET / answers {url} of a healthy upload server, least loaded first.
import { createServer, type Server } from "node:http";
import { messages } from "@atelier/domain";
import { ERRORS } from "@atelier/storage";
import { z } from "zod";
import { corsHeaders, firstHeader, handlePreflight, sendError, sendJson } from "./http";

export const balancerSettingsSchema = z.object({
  servers: z.array(z.url()).min(1),
  webOrigin: z.url().optional(),
  healthIntervalMs: z.number().int().positive().default(1000),
  healthTimeoutMs: z.number().int().positive().default(1000),
});

export interface BalancerConfig extends z.input<typeof balancerSettingsSchema> {
  fetch?: typeof fetch;
  now?: () => number;
}

interface Backend {
  url: string;
  healthy: boolean;
  // Load the server reported at its last health check, plus what we handed out since.
  inFlight: number;
  handedOut: number;
  // A passive report wins over any health check that started before it.
  reportedDownAt: number;
  // Health checks in a row that timed out (as opposed to being refused).
  timeouts: number;
}

/**
 * A server that refuses the connection is down at once; one that is merely slow to answer (a busy
 * machine) is given this many timed-out checks in a row first, so load alone does not empty the pool.
 */
export const TIMEOUTS_BEFORE_DOWN = 2;

const normalise = (url: string) => url.replace(/\/+$/, "");

export function createBalancer(config: BalancerConfig): Server {
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
  }));
  let turn = 0;

  async function check(backend: Backend): Promise<void> {
    const startedAt = now();
    let healthy = false;
    let inFlight = backend.inFlight;
    try {
      const answer = await doFetch(`${backend.url}/health`, { signal: AbortSignal.timeout(settings.healthTimeoutMs) });
      if (answer.ok) {
        const body = (await answer.json()) as { inFlight?: unknown };
        healthy = true;
        inFlight = typeof body.inFlight === "number" ? body.inFlight : 0;
      }
      backend.timeouts = 0;
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      backend.timeouts = timedOut ? backend.timeouts + 1 : TIMEOUTS_BEFORE_DOWN;
      // Slow, not gone: keep what we knew until the timeouts add up.
      healthy = backend.timeouts < TIMEOUTS_BEFORE_DOWN && backend.healthy;
    }
    if (healthy && backend.reportedDownAt >= startedAt) return;
    backend.healthy = healthy;
    backend.inFlight = inFlight;
    backend.handedOut = 0;
  }

  const checkAll = () => Promise.all(backends.map(check));

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

  const server = createServer((req, res) => {
    if (handlePreflight(req, res, settings.webOrigin)) return;
    const cors = corsHeaders(req, settings.webOrigin);
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/health") {
      sendJson(res, 200, { status: "ok", healthy: backends.filter((b) => b.healthy).map((b) => b.url) }, cors);
      return;
    }
    if (path !== "/" || req.method !== "GET") {
      void sendError(req, res, path === "/" ? ERRORS.MethodNotAllowed("GET") : ERRORS.NotFound("Route"), cors);
      return;
    }
    const failed = firstHeader(req, "x-failed-server");
    if (failed) {
      const backend = backends.find((candidate) => candidate.url === normalise(failed.trim()));
      if (backend) {
        backend.healthy = false;
        backend.reportedDownAt = now();
      }
    }
    const chosen = pick();
    if (!chosen) {
      void sendError(req, res, ERRORS.ServiceUnavailable(messages.noServers()), cors);
      return;
    }
    chosen.handedOut += 1;
    sendJson(res, 200, { url: chosen.url }, cors);
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
