import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createBalancer } from "../src/balancer";
import type { HttpServer } from "../src/http";
import { close, listen } from "./support/cluster";

// A stand-in upload server whose /health answer the test controls.
async function fakeServer(state: { healthy: boolean; inFlight: number }): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === "/health" && state.healthy) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "ok", inFlight: state.inFlight }));
    } else {
      res.writeHead(503);
      res.end();
    }
  });
  return { url: await listen(server), server };
}

async function ask(balancerUrl: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${balancerUrl}/`, { headers });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

// Polls until the balancer's active checks have caught up, instead of sleeping a fixed time.
async function until(predicate: () => Promise<boolean>): Promise<void> {
  while (!(await predicate())) await new Promise((resolve) => setTimeout(resolve, 20));
}

const opened: (Server | HttpServer)[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) await close(server);
});

describe("balancer", () => {
  it("hands out healthy servers, least loaded first", async () => {
    const busy = await fakeServer({ healthy: true, inFlight: 5 });
    const idle = await fakeServer({ healthy: true, inFlight: 0 });
    const balancer = createBalancer({ servers: [busy.url, idle.url], healthIntervalMs: 50 });
    opened.push(busy.server, idle.server, balancer);
    const url = await listen(balancer);
    await until(async () => (await ask(url)).body.url === idle.url);
    expect((await ask(url)).body).toEqual({ url: idle.url, encodings: ["base64"] });
  });

  it("drops a server reported by x-failed-server once its probe fails, and brings it back when checks pass", async () => {
    const stateA = { healthy: true, inFlight: 0 };
    const a = await fakeServer(stateA);
    const b = await fakeServer({ healthy: true, inFlight: 0 });
    const balancer = createBalancer({ servers: [a.url, b.url], healthIntervalMs: 50 });
    opened.push(a.server, b.server, balancer);
    const url = await listen(balancer);
    stateA.healthy = false;
    expect((await ask(url, { "x-failed-server": a.url })).body).toEqual({ url: b.url, encodings: ["base64"] });
    stateA.healthy = true;
    // A confirmed report wins until the next check that starts after its probe succeeds.
    const seen = new Set<unknown>();
    await until(async () => {
      seen.add((await ask(url)).body.url);
      return seen.has(a.url);
    });
  });

  it("keeps a server through a single timed-out check, drops one that keeps timing out, and drops a refusing one at once", async () => {
    // The balancer's health checks go through this fetch, so each one's fate is the test's to choose.
    const fates: Record<string, (n: number) => "ok" | "timeout" | "refused"> = {
      "http://hiccup.test": (n) => (n % 2 === 1 ? "timeout" : "ok"), // every other check times out, never two in a row
      "http://stuck.test": (n) => (n === 0 ? "ok" : "timeout"),
      "http://gone.test": (n) => (n === 0 ? "ok" : "refused"),
    };
    const counts = new Map<string, number>();
    const fakeFetch = (async (input: string | URL) => {
      const origin = new URL(String(input)).origin;
      const n = counts.get(origin) ?? 0;
      counts.set(origin, n + 1);
      const fate = fates[origin]?.(n) ?? "ok";
      if (fate === "timeout") throw Object.assign(new Error("timed out"), { name: "TimeoutError" });
      if (fate === "refused") throw new TypeError("fetch failed");
      return new Response(JSON.stringify({ status: "ok", inFlight: 0 }), { status: 200 });
    }) as typeof fetch;
    const balancer = createBalancer({ servers: Object.keys(fates), healthIntervalMs: 10, fetch: fakeFetch });
    opened.push(balancer);
    const url = await listen(balancer);
    const healthy = async () => ((await (await fetch(`${url}/health`)).json()) as { healthy: string[] }).healthy;
    const seen: string[][] = [];
    await until(async () => {
      seen.push(await healthy());
      return (counts.get("http://hiccup.test") ?? 0) >= 12;
    });
    expect(seen.every((list) => list.includes("http://hiccup.test"))).toBe(true);
    expect(await healthy()).toEqual(["http://hiccup.test"]);
  });

  it("answers 503 with the product message when no server is healthy", async () => {
    const state = { healthy: true, inFlight: 0 };
    const only = await fakeServer(state);
    const balancer = createBalancer({ servers: [only.url], healthIntervalMs: 50 });
    opened.push(only.server, balancer);
    const url = await listen(balancer);
    state.healthy = false;
    await until(async () => (await ask(url)).status === 503);
    expect((await ask(url)).body).toEqual({
      statusCode: 503,
      error: "Service Unavailable",
      message: "No servers available. Please try again later.",
    });
  });

  it("allows the web origin only", async () => {
    const only = await fakeServer({ healthy: true, inFlight: 0 });
    const balancer = createBalancer({ servers: [only.url], webOrigin: "http://app.test" });
    opened.push(only.server, balancer);
    const url = await listen(balancer);
    const ok = await fetch(`${url}/`, { method: "OPTIONS", headers: { origin: "http://app.test" } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-headers")).toContain("x-failed-server");
    const other = await fetch(`${url}/`, { headers: { origin: "http://evil.test" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
