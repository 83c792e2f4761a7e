// Over TLS an upload server speaks HTTP/2, so one connection carries every part in flight (HTTP/1.1 stops browsers at six
// per origin), and HTTP/1.1 still, for clients without HTTP/2. The wire is the same on both.
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore, type ObjectStore } from "@atelier/storage";
import { fromBytes } from "@atelier/upload-engine";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackTls, loopbackTls } from "../src/testing";
import { type Cluster, patternBytes, sha256Hex, startCluster } from "./support/cluster";
import { type Http2Client, http2Client, https1, trustingFetch } from "./support/h2";

const MiB = 1024 * 1024;

let root: string;
let tls: LoopbackTls;
let cluster: Cluster | undefined;
let client: Http2Client | undefined;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "upload-h2-"));
  tls = await loopbackTls();
});
afterEach(async () => {
  client?.close();
  client = undefined;
  await cluster?.close();
  cluster = undefined;
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Seen {
  path: string;
  httpVersion: string;
}

// Every request a server took, and the most of its /api/chunked requests open at once.
function watch(server: { on(event: "request", listener: (req: IncomingMessage, res: ServerResponse) => void): unknown }) {
  const seen: Seen[] = [];
  const chunked = { open: 0, most: 0 };
  server.on("request", (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    seen.push({ path, httpVersion: req.httpVersion });
    if (path !== "/api/chunked") return;
    chunked.open += 1;
    chunked.most = Math.max(chunked.most, chunked.open);
    res.once("close", () => {
      chunked.open -= 1;
    });
  });
  return { seen, chunked };
}

async function startTlsCluster(options: { store: ObjectStore; servers?: number }) {
  const watched: ReturnType<typeof watch>[] = [];
  cluster = await startCluster({
    store: options.store,
    servers: options.servers ?? 2,
    server: { tls: { cert: tls.cert, key: tls.key } },
    balancer: { tls: { cert: tls.cert, key: tls.key }, fetch: trustingFetch(tls.cert) },
    onServer: (server) => watched.push(watch(server)),
  });
  return { cluster, watched };
}

describe("upload servers over TLS", () => {
  it.each([
    { encoding: "binary", binaryParts: true },
    { encoding: "base64", binaryParts: false },
  ])(
    "take a chunked file in $encoding parts over HTTP/2, one connection per server, and serve it back on HTTP/2 and HTTP/1.1",
    async ({ encoding, binaryParts }) => {
      const { cluster, watched } = await startTlsCluster({ store: createFsStore({ root: join(root, encoding) }) });
      expect(cluster.serverUrls.every((url) => url.startsWith("https://"))).toBe(true);
      client = http2Client(tls.cert);
      const bytes = patternBytes(45 * MiB + 5, 21);
      const [outcome] = await cluster
        .uploader({ fetch: client.fetch, binaryParts })
        .upload([{ source: fromBytes(bytes, { name: "poster.pdf", type: "application/pdf" }), urlPath: `ACME/h2/${encoding}.pdf` }]);
      if (!outcome?.ok) throw new Error(`upload failed: ${String(outcome && !outcome.ok ? outcome.error.message : "no outcome")}`);
      expect(outcome.sha256).toBe(sha256Hex(bytes));

      // Every part went as a stream of HTTP/2, to both servers, over one connection to each and one to the balancer.
      const chunkedPosts = watched.flatMap((w) => w.seen).filter((s) => s.path === "/api/chunked");
      expect(chunkedPosts).toHaveLength(5);
      expect(new Set(chunkedPosts.map((s) => s.httpVersion))).toEqual(new Set(["2.0"]));
      expect(watched.every((w) => w.seen.some((s) => s.path === "/api/chunked"))).toBe(true);
      expect(client.sessionsOpened).toBe(3);

      // The file back, whole on HTTP/2, and a range of it on HTTP/1.1 from the same port.
      const ticket = cluster.ticket();
      const whole = await client.fetch(outcome.url, {
        method: "GET",
        headers: { authorization: `Bearer ${ticket}` },
        signal: new AbortController().signal,
      });
      expect(whole.status).toBe(200);
      const range = await https1(outcome.url, tls.cert, {
        headers: { authorization: `Bearer ${ticket}`, range: "bytes=10485755-10485764" },
      });
      expect(range.httpVersion).toBe("1.1");
      expect(range.status).toBe(206);
      expect(range.body.equals(bytes.subarray(10485755, 10485765))).toBe(true);
      const full = await https1(outcome.url, tls.cert, { headers: { authorization: `Bearer ${ticket}` } });
      expect(sha256Hex(full.body)).toBe(sha256Hex(bytes));
    },
  );

  it("keeps ten parts in flight on one HTTP/2 connection to one server", async () => {
    // Each part's answer waits until ten parts have been received (or 10 s pass): over a transport that held fewer at
    // once, at most that many would ever be open together.
    const waiting: (() => void)[] = [];
    let opened = false;
    const release = () => {
      opened = true;
      for (const go of waiting.splice(0)) go();
    };
    const fs = createFsStore({ root: join(root, "ten") });
    const gated: ObjectStore = {
      ...fs,
      put: async (key, body, options) => {
        // A part's marker is written once its body is in: held here, the part's answer waits.
        if (!opened && /\/parts\/\d+$/.test(key) && typeof body === "string" && !key.endsWith("/parts/1")) {
          const timer = setTimeout(release, 10_000);
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length >= 10) release();
          });
          clearTimeout(timer);
        }
        return fs.put(key, body, options);
      },
    };
    const { cluster, watched } = await startTlsCluster({ store: gated, servers: 1 });
    client = http2Client(tls.cert);
    // Part 1 alone, eleven middle parts ten at a time, the last part last.
    const bytes = patternBytes(12 * 10 * MiB + 7, 22);
    const [outcome] = await cluster
      .uploader({ fetch: client.fetch })
      .upload([{ source: fromBytes(bytes, { name: "catalogue.tif", type: "image/tiff" }), urlPath: "ACME/h2/catalogue.tif" }]);
    if (!outcome?.ok) throw new Error("upload failed");
    expect(outcome.sha256).toBe(sha256Hex(bytes));
    expect(watched[0]!.chunked.most).toBe(10);
    // The balancer and the server: one connection each.
    expect(client.sessionsOpened).toBe(2);
  });

  it("refuses a part on its own stream: the other streams of the connection carry on", async () => {
    const { cluster } = await startTlsCluster({ store: createFsStore({ root: join(root, "refused") }), servers: 1 });
    client = http2Client(tls.cert);
    const server = cluster.serverUrls[0]!;
    const signal = new AbortController().signal;
    const body = new Uint8Array(patternBytes(3 * MiB, 23));
    const post = (authorization: string) =>
      client!.fetch(`${server}/api/chunked`, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/octet-stream",
          "x-body-encoding": "binary",
          urlpath: "ACME/h2/refused.bin",
          part: "1",
          parts: "2",
        },
        body,
        signal,
      });
    const [refused, taken] = await Promise.all([post("Bearer not-a-ticket"), post(`Bearer ${cluster.ticket()}`)]);
    expect(refused.status).toBe(401);
    expect(taken.status).toBe(200);
    expect(client.sessionsOpened).toBe(1);
    const health = await client.fetch(`${server}/health`, { method: "GET", headers: {}, signal });
    expect(health.status).toBe(200);
  });
});
