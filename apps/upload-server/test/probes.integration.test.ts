// /healthz and /readyz of an upload server and of the balancer (README, "Monitoring"): alive whenever the process
// answers; ready while the store answers (a server) or while an upload server is healthy (the balancer); each check
// says only ok or failing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore, type ObjectStore } from "@atelier/storage";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBalancer } from "../src/balancer";
import type { HttpServer } from "../src/http";
import { createUploadServer } from "../src/upload-server";
import { close, listen, TEST_SECRET } from "./support/cluster";

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
});
