import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { METRICS_PATH, mayReadMetrics, serveMetrics } from "./access";
import { observeRequest } from "./http";
import { counter, gauge } from "./registry";
import { parsePrometheusText, sampleOf } from "./testing/prometheus-text";

describe("mayReadMetrics", () => {
  const headers = {};
  it("without a token, lets a caller on this machine in, and nobody else", () => {
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect(mayReadMetrics({ remoteAddress, headers, token: undefined })).toBe(true);
    for (const remoteAddress of ["10.0.0.5", "192.168.1.20", "::ffff:10.0.0.5", "2001:db8::1", undefined])
      expect(mayReadMetrics({ remoteAddress, headers, token: undefined })).toBe(false);
  });

  it("refuses a local caller that came through a proxy", () => {
    expect(mayReadMetrics({ remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" }, token: undefined })).toBe(false);
    expect(mayReadMetrics({ remoteAddress: "127.0.0.1", headers: { forwarded: "for=203.0.113.9" }, token: undefined })).toBe(false);
  });

  it("with a token, asks everyone for it", () => {
    const token = "s3cret-metrics-token";
    expect(mayReadMetrics({ remoteAddress: "10.0.0.5", headers: { authorization: `Bearer ${token}` }, token })).toBe(true);
    expect(mayReadMetrics({ remoteAddress: "10.0.0.5", headers: { authorization: "Bearer wrong" }, token })).toBe(false);
    expect(mayReadMetrics({ remoteAddress: "10.0.0.5", headers: {}, token })).toBe(false);
    expect(mayReadMetrics({ remoteAddress: "127.0.0.1", headers: {}, token })).toBe(false);
  });
});

describe("a process's /metrics", () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  async function start(token?: string) {
    const server = createServer((req, res) => {
      if (req.url === METRICS_PATH) {
        void serveMetrics(req, res, token);
        return;
      }
      observeRequest(req, res, [req.url === "/fail" ? "/fail" : "/hello"]);
      counter({ name: "test_hellos_total", help: "hellos" }).inc();
      res.writeHead(req.url === "/fail" ? 500 : 200).end("hi");
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("parses as Prometheus text, and its figures move with traffic", async () => {
    let depth = 3;
    gauge({ name: "test_queue_depth", help: "queue", read: () => depth });
    const base = await start();
    const read = async () => parsePrometheusText(await (await fetch(`${base}/metrics`)).text());
    const before = await read();
    await fetch(`${base}/hello`);
    await fetch(`${base}/hello`);
    await fetch(`${base}/fail`);
    depth = 7;
    const after = await read();
    const duration = "atelier_http_request_duration_seconds_count";
    expect(
      sampleOf(after, duration, { route: "/hello", status: "200", method: "GET" }) -
        sampleOf(before, duration, { route: "/hello", status: "200" }),
    ).toBe(2);
    expect(
      sampleOf(after, duration, { route: "/fail", status: "500" }) - sampleOf(before, duration, { route: "/fail", status: "500" }),
    ).toBe(1);
    expect(sampleOf(after, "test_hellos_total") - sampleOf(before, "test_hellos_total")).toBe(3);
    expect([sampleOf(before, "test_queue_depth"), sampleOf(after, "test_queue_depth")]).toEqual([3, 7]);
    // Node's own figures come with it.
    expect(after.types.get("process_resident_memory_bytes")).toBe("gauge");
    expect(after.types.get("atelier_http_request_duration_seconds")).toBe("histogram");
  });

  // A caller from another machine, as near as one machine gets: this machine's own non-loopback address.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;
  it.runIf(external)("refuses a caller from a non-loopback address without the token, and lets it in with it", async () => {
    for (const token of [undefined, "s3cret-metrics-token"]) {
      const server = createServer((req, res) => void serveMetrics(req, res, token));
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, "0.0.0.0", r));
      const url = `http://${external}:${(server.address() as AddressInfo).port}/metrics`;
      const refused = await fetch(url);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("process_");
      if (token) expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    }
  });

  it("with a token, answers 403 without it and the text with it", async () => {
    const base = await start("s3cret-metrics-token");
    const refused = await fetch(`${base}/metrics`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("process_");
    const allowed = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer s3cret-metrics-token" } });
    expect(allowed.status).toBe(200);
    expect(parsePrometheusText(await allowed.text()).samples.length).toBeGreaterThan(0);
  });

  it("records a request the caller gave up on as aborted", async () => {
    const server = createServer((req, res) => {
      observeRequest(req, res, ["/slow"]);
      setTimeout(() => res.end("late"), 300);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const read = async () => {
      const { metricsRegistry } = await import("./registry");
      return parsePrometheusText(await metricsRegistry().metrics());
    };
    const before = sampleOf(await read(), "atelier_http_request_duration_seconds_count", { route: "/slow", status: "aborted" });
    await new Promise<void>((resolve) => {
      const req = request({ port, host: "127.0.0.1", path: "/" });
      req.on("error", () => resolve());
      req.end();
      setTimeout(() => req.destroy(), 50);
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(sampleOf(await read(), "atelier_http_request_duration_seconds_count", { route: "/slow", status: "aborted" }) - before).toBe(1);
  });
});

describe("parsePrometheusText", () => {
  it("reads labelled series apart, and refuses text that breaks the format", () => {
    const text = [
      "# HELP h a histogram",
      "# TYPE h histogram",
      'h_bucket{route="/a",le="+Inf"} 2',
      'h_count{route="/a"} 2',
      'h_count{route="/b"} 5',
      'h_sum{route="/b"} 0.5',
      "",
    ].join("\n");
    const parsed = parsePrometheusText(text);
    expect(sampleOf(parsed, "h_count", { route: "/a" })).toBe(2);
    expect(sampleOf(parsed, "h_count")).toBe(7);
    expect(() => parsePrometheusText("# TYPE g gauge\ng{route=/a} 1\n")).toThrow("bad labels");
    expect(() => parsePrometheusText("g 1\n")).toThrow("before its TYPE");
    expect(() => parsePrometheusText("# TYPE g gauge\ng one\n")).toThrow("not a number");
  });
});
