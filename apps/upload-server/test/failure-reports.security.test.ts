// The balancer trusts no client's x-failed-server: a reported server leaves rotation only when a
// probe of its own finds it down, and one client's flood of reports is rate-limited.
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore } from "@atelier/storage";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Cluster, close, startCluster } from "./support/cluster";

const REPORTS_PER_CLIENT = 5;

let sandbox: string;
let cluster: Cluster;
// Health requests each upload server received: the balancer's probes.
let probes: number[] = [];

beforeEach(async () => {
  probes = [];
  sandbox = await mkdtemp(join(tmpdir(), "upload-reports-"));
  cluster = await startCluster({
    store: createFsStore({ root: join(sandbox, "store") }),
    servers: 2,
    // No periodic check during a test: whatever happens to a server is the reports' doing.
    // 127.0.0.1 stands for a reverse proxy in front of the balancer; 127.0.0.2 for a client reaching it directly.
    balancer: { healthIntervalMs: 600_000, reportsPerClient: REPORTS_PER_CLIENT, reportWindowMs: 600_000, trustedProxies: "127.0.0.1" },
    onServer: (server, index) => {
      probes[index] = 0;
      server.on("request", (req: { url?: string }) => {
        if (req.url === "/health") probes[index]! += 1;
      });
    },
  });
  // The balancer's first round of checks, started when it began listening, is over.
  await until(async () => probes.every((count) => count === 1));
});

afterEach(async () => {
  await cluster.close();
  await rm(sandbox, { recursive: true, force: true });
});

async function until(predicate: () => Promise<boolean>): Promise<void> {
  while (!(await predicate())) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function healthy(): Promise<string[]> {
  return ((await (await fetch(`${cluster.balancerUrl}/health`)).json()) as { healthy: string[] }).healthy;
}

// GET / on the balancer from a chosen loopback address, reporting `failed`.
function report(
  failed: string,
  localAddress = "127.0.0.1",
  headers: Record<string, string> = {},
): Promise<{ status: number; url?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${cluster.balancerUrl}/`, { headers: { "x-failed-server": failed, ...headers }, localAddress }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, url: (JSON.parse(body) as { url?: string }).url }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("x-failed-server", () => {
  it("does not take a healthy server out of rotation: the balancer probes it first", async () => {
    const [first, second] = cluster.serverUrls as [string, string];
    expect((await report(first)).status).toBe(200);
    expect(probes[0]).toBe(2);
    expect(await healthy()).toEqual([first, second]);
  });

  it("is rate-limited per client: a flood probes at most the limit, and another client is still heard", async () => {
    const [first, second] = cluster.serverUrls as [string, string];
    for (let attempt = 0; attempt < 50; attempt += 1) expect((await report(first)).status).toBe(200);
    expect(probes[0]).toBe(1 + REPORTS_PER_CLIENT);
    expect(await healthy()).toEqual([first, second]);
    await report(first, "127.0.0.2");
    expect(probes[0]).toBe(2 + REPORTS_PER_CLIENT);
  });

  it("counts each browser behind a trusted proxy apart, and believes no forwarding header from anyone else", async () => {
    const [first] = cluster.serverUrls as [string, string];
    const behindProxy = (client: string) => ({ "x-forwarded-for": client });
    for (let attempt = 0; attempt < 20; attempt += 1) await report(first, "127.0.0.1", behindProxy("198.51.100.1"));
    expect(probes[0]).toBe(1 + REPORTS_PER_CLIENT);
    // Another browser behind the same proxy has its own quota.
    await report(first, "127.0.0.1", behindProxy("198.51.100.2"));
    expect(probes[0]).toBe(2 + REPORTS_PER_CLIENT);
    // A client that is no proxy names a new address in each request: all of them count as its own.
    for (let attempt = 0; attempt < 20; attempt += 1) await report(first, "127.0.0.2", behindProxy(`203.0.113.${attempt}`));
    expect(probes[0]).toBe(2 + 2 * REPORTS_PER_CLIENT);
  });

  it("takes a server that really failed out of rotation at once", async () => {
    const [first, second] = cluster.serverUrls as [string, string];
    await close(cluster.uploadServers[1]!);
    const answer = await report(second);
    expect(answer).toEqual({ status: 200, url: first });
    expect(await healthy()).toEqual([first]);
  });
});
