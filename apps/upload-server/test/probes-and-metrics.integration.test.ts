// /healthz, /readyz and /metrics of an upload server and of the balancer (README, "Monitoring"): alive whenever the
// process answers; ready while the store answers (a server) or while an upload server is healthy (the balancer), each
// check saying only ok or failing; metrics that move with the uploads through them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parsePrometheusText, sampleOf } from "@atelier/observability/testing";
import { createFsStore, type ObjectStore } from "@atelier/storage";
import { fromBytes } from "@atelier/upload-engine";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBalancer } from "../src/balancer";
import type { HttpServer } from "../src/http";
import { createUploadServer } from "../src/upload-server";
import { close, listen, patternBytes, startCluster, TEST_SECRET } from "./support/cluster";

const opened: HttpServer[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) await close(server);
  vi.restoreAllMocks();
});

async function probe(url: string) {
  const answer = await fetch(url);
  return { status: answer.status, body: await answer.json() };
}

describe("probes", () => {
  it("an upload server is ready while its store answers, and says no more than failing when it does not", async () => {
    const store = createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-probe-")) });
    let broken = false;
    const flaky: ObjectStore = {
      ...store,
      stat: (key) => (broken ? Promise.reject(new Error("EACCES: permission denied, stat '/srv/uploads'")) : store.stat(key)),
    };
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const server = createUploadServer({ store: flaky, secret: TEST_SECRET, cleanupIntervalMs: 0 });
    opened.push(server);
    const base = await listen(server);
    expect(await probe(`${base}/healthz`)).toEqual({ status: 200, body: { status: "ok" } });
    expect(await probe(`${base}/readyz`)).toEqual({ status: 200, body: { status: "ok", checks: { storage: "ok" } } });
    broken = true;
    const down = await probe(`${base}/readyz`);
    expect(down).toEqual({ status: 503, body: { status: "failing", checks: { storage: "failing" } } });
    expect(JSON.stringify(down)).not.toContain("EACCES");
    expect(await probe(`${base}/healthz`)).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("the balancer is ready while it has a healthy upload server to hand out", async () => {
    const store = createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-probe-")) });
    const server = createUploadServer({ store, secret: TEST_SECRET, cleanupIntervalMs: 0 });
    opened.push(server);
    const serverUrl = await listen(server);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const balancer = createBalancer({ servers: [serverUrl], healthIntervalMs: 50 });
    opened.push(balancer);
    const base = await listen(balancer);
    const until = async (status: number) => {
      for (let i = 0; i < 200 && (await probe(`${base}/readyz`)).status !== status; i++) await new Promise((r) => setTimeout(r, 20));
      return probe(`${base}/readyz`);
    };
    expect(await until(200)).toEqual({ status: 200, body: { status: "ok", checks: { servers: "ok" } } });
    await close(server);
    opened.splice(opened.indexOf(server), 1);
    expect(await until(503)).toEqual({ status: 503, body: { status: "failing", checks: { servers: "failing" } } });
    expect(await probe(`${base}/healthz`)).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("counts the parts and bytes an upload stored, refusals by reason, and the balancer's view of its servers", async () => {
    const cluster = await startCluster({ store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-metrics-")) }) });
    try {
      const read = async (base: string) => parsePrometheusText(await (await fetch(`${base}/metrics`)).text());
      // Every server of the cluster runs in this process, so they share one registry: any of them answers for all.
      const server = cluster.serverUrls[0] as string;
      const before = await read(server);
      const data = patternBytes(25 * 1024 * 1024 + 1, 3);
      const [outcome] = await cluster.uploader().upload([{ source: fromBytes(data, { name: "m.bin" }), urlPath: "ACME/metrics/m.bin" }]);
      expect(outcome?.ok).toBe(true);
      const refused = await fetch(`${server}/api/chunked`, {
        method: "POST",
        headers: { authorization: "Bearer not-a-ticket" },
        body: "x",
      });
      expect(refused.status).toBe(401);
      const after = await read(server);
      const moved = (name: string, labels: Record<string, string> = {}) => sampleOf(after, name, labels) - sampleOf(before, name, labels);
      expect(moved("atelier_upload_bytes_received_total")).toBe(data.length);
      expect(moved("atelier_upload_parts_received_total")).toBeGreaterThanOrEqual(2);
      expect(moved("atelier_upload_part_failures_total", { reason: "unauthorized" })).toBe(1);
      expect(moved("atelier_http_request_duration_seconds_count", { route: "/api/chunked", status: "200" })).toBeGreaterThanOrEqual(2);
      expect(moved("atelier_http_request_duration_seconds_count", { route: "/api/chunked", status: "401" })).toBe(1);
      const balancer = await read(cluster.balancerUrl);
      for (const url of cluster.serverUrls) expect(sampleOf(balancer, "atelier_balancer_server_up", { server: url })).toBe(1);
      expect(sampleOf(balancer, "atelier_balancer_handed_out_total")).toBeGreaterThanOrEqual(2);
    } finally {
      await cluster.close();
    }
  });
});
