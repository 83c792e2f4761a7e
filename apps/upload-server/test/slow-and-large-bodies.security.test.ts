// Unauthenticated clients cannot hold the upload servers or the balancer open: a request without a
// valid ticket is answered and cut off before its body is read, every body has a cap (whitespace
// included), and headers and idle connections time out, over TLS as over plain HTTP. Honest slow
// uploads still get through.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackTls } from "../src/testing";
import { type Cluster, patternBytes, sha256Hex, startCluster } from "./support/cluster";
import { trickle } from "./support/raw";

const MiB = 1024 * 1024;
const IDLE_MS = 1000;
const HEADERS_MS = 1000;
// How long a refused or timed-out connection may stay open: the timeouts above, with room for a
// busy machine. An attack that works keeps the connection open for minutes.
const CUT_OFF_WITHIN_MS = 6000;

let sandbox: string;
let cluster: Cluster;
let server: string;

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "upload-slow-"));
  const timeouts = { idleTimeoutMs: IDLE_MS, headersTimeoutMs: HEADERS_MS };
  cluster = await startCluster({
    store: createFsStore({ root: join(sandbox, "store") }),
    servers: 1,
    server: { ...timeouts, maxUploadBytes: 64 * 1024 },
    balancer: timeouts,
  });
  server = cluster.serverUrls[0]!;
});

afterAll(async () => {
  await cluster?.close();
  await rm(sandbox, { recursive: true, force: true });
});

const part = { urlPath: "ACME/slow/x.bin", part: "1", parts: "2" };

describe("a request without a valid ticket", () => {
  it("is cut off within the timeout while it sends its body a byte at a time", async () => {
    const sent = await trickle(`${server}/api/chunked`, {
      headers: { ...part, "content-length": 100_000 },
      piece: () => "Q",
      everyMs: 200,
      maxBytes: 100_000,
      deadlineMs: CUT_OFF_WITHIN_MS,
    });
    expect(sent.status).toBe(401);
    expect(sent.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it("with a forged ticket is refused before its large body is read", async () => {
    // 13 MiB declared (within a part's cap), 64 KiB sent: the answer must not wait for the rest.
    const sent = await trickle(`${server}/api/chunked`, {
      headers: { ...part, authorization: "Bearer v1.eyJrIjoidGlja2V0In0.AAAA", "content-length": 13 * MiB },
      piece: () => "QUFB".repeat(16 * 1024),
      everyMs: 0,
      maxBytes: 64 * 1024,
      deadlineMs: CUT_OFF_WITHIN_MS,
    });
    expect(sent.status).toBe(401);
    expect(sent.answer).toContain('"statusCode":401');
    expect(sent.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it("to a route that takes no body is refused when it declares a large one, on the servers and the balancer", async () => {
    for (const url of [`${server}/health`, `${cluster.balancerUrl}/`]) {
      const sent = await trickle(url, {
        method: "GET",
        headers: { "content-length": MiB },
        piece: () => " ".repeat(1024),
        everyMs: 100,
        maxBytes: MiB,
        deadlineMs: CUT_OFF_WITHIN_MS,
      });
      expect(sent.status).toBe(413);
      expect(sent.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    }
  });

  it("is answered and cut off when it streams a chunked body to a route that takes none", async () => {
    for (const url of [`${server}/health`, `${cluster.balancerUrl}/`]) {
      const sent = await trickle(url, {
        method: "GET",
        headers: {},
        chunked: true,
        piece: () => " ",
        everyMs: 100,
        maxBytes: MiB,
        deadlineMs: CUT_OFF_WITHIN_MS,
      });
      expect(sent.status).toBe(200);
      expect(sent.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    }
  });

  it("is cut off within the headers timeout while it sends its headers a byte at a time, by the servers and the balancer", async () => {
    await expectSlowHeadersCutOff([`${server}/health`, `${cluster.balancerUrl}/`]);
  });
});

describe("a ticketed body", () => {
  it("of whitespace only is refused once it passes the cap", async () => {
    const sent = await trickle(`${server}/api/upload`, {
      headers: { authorization: `Bearer ${cluster.ticket()}`, urlPath: "ACME/slow/blank.bin" },
      chunked: true,
      piece: () => "\r\n".repeat(8 * 1024),
      everyMs: 0,
      maxBytes: 32 * MiB,
      deadlineMs: 30_000,
    });
    // The 413 is answered, but a client that is still sending at full speed may see the
    // connection reset before it reads it; either way it is cut off long before its 32 MiB.
    expect([413, undefined]).toContain(sent.status);
    expect(sent.closedAfterMs).toBeDefined();
    expect(sent.sent).toBeLessThan(16 * MiB);
    // Nothing of it was stored (the store is shared with the other tests of this file, which store files of their own).
    const stored = await readdir(join(sandbox, "store", "objects", "files"), { recursive: true }).catch(() => []);
    expect(stored.filter((path) => String(path).includes("blank.bin"))).toEqual([]);
  });

  it("that keeps moving is not cut off, however long it takes in total", async () => {
    await uploadSlowlyAndHonestly(cluster, server, "ACME/slow/honest.bin");
  });
});

/** Sends each URL a request whose last header line grows a byte every 100 ms: each must be cut off in time. */
async function expectSlowHeadersCutOff(urls: string[], ca?: string) {
  for (const url of urls) {
    const sent = await trickle(url, {
      method: "GET",
      headers: { "x-slow": "a" },
      unfinishedHead: true,
      piece: () => "a",
      everyMs: 100,
      maxBytes: MiB,
      deadlineMs: CUT_OFF_WITHIN_MS,
      ca,
    });
    expect(sent.closedAfterMs, url).toBeDefined();
    expect(sent.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  }
}

/** Uploads 30,000 bytes in twelve pieces, each sent well within the idle timeout: the whole must be taken. */
async function uploadSlowlyAndHonestly(on: Cluster, serverUrl: string, urlPath: string, ca?: string) {
  const data = patternBytes(30_000, 7);
  const encoded = data.toString("base64");
  const sent = await trickle(`${serverUrl}/api/upload`, {
    headers: { authorization: `Bearer ${on.ticket()}`, urlPath, "content-length": encoded.length, connection: "close" },
    piece: (offset) => encoded.slice(offset, offset + Math.ceil(encoded.length / 12)),
    everyMs: IDLE_MS / 3,
    maxBytes: encoded.length,
    deadlineMs: 60_000,
    ca,
  });
  expect(sent.status).toBe(200);
  expect(sent.answer).toContain(sha256Hex(data));
}

describe("honest keep-alive clients", () => {
  it("keep their connection across requests that carry no body", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const reused: boolean[] = [];
      for (let attempt = 0; attempt < 2; attempt += 1) {
        reused.push(
          await new Promise<boolean>((resolve, reject) => {
            const req = request(`${server}/health`, { agent }, (res) => {
              res.resume();
              res.on("end", () => resolve(req.reusedSocket));
            });
            req.on("error", reject);
            req.end();
          }),
        );
      }
      expect(reused).toEqual([false, true]);
    } finally {
      agent.destroy();
    }
  });
});

describe("over TLS", () => {
  let tls: Awaited<ReturnType<typeof loopbackTls>>;
  let tlsCluster: Cluster;
  beforeAll(async () => {
    tls = await loopbackTls();
    const settings = { idleTimeoutMs: IDLE_MS, headersTimeoutMs: HEADERS_MS, tls: { cert: tls.cert, key: tls.key } };
    tlsCluster = await startCluster({
      store: createFsStore({ root: join(sandbox, "tls-store") }),
      servers: 1,
      server: { ...settings, maxUploadBytes: 64 * 1024 },
      balancer: settings,
    });
  });
  afterAll(async () => {
    await tlsCluster?.close();
  });

  it("a connection that never starts its handshake is cut off within the headers timeout, by the servers and the balancer", async () => {
    for (const url of [tlsCluster.serverUrls[0]!, tlsCluster.balancerUrl]) {
      const target = new URL(url);
      const started = Date.now();
      const closedAfterMs = await new Promise<number | undefined>((resolve) => {
        const socket = connect({ host: target.hostname, port: Number(target.port) });
        const deadline = setTimeout(() => {
          socket.destroy();
          resolve(undefined);
        }, CUT_OFF_WITHIN_MS);
        socket.on("error", () => undefined);
        socket.on("close", () => {
          clearTimeout(deadline);
          resolve(Date.now() - started);
        });
      });
      expect(closedAfterMs, url).toBeDefined();
      expect(closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    }
  });

  it("HTTP/1.1 headers sent a byte at a time are cut off within the headers timeout, by the servers and the balancer", async () => {
    await expectSlowHeadersCutOff([`${tlsCluster.serverUrls[0]}/health`, `${tlsCluster.balancerUrl}/`], tls.cert);
  });

  it("an HTTP/1.1 request without a valid ticket is cut off while it sends its body a byte at a time", async () => {
    const sent = await trickle(`${tlsCluster.serverUrls[0]}/api/chunked`, {
      headers: { ...part, "content-length": 100_000 },
      piece: () => "Q",
      everyMs: 200,
      maxBytes: 100_000,
      deadlineMs: CUT_OFF_WITHIN_MS,
      ca: tls.cert,
    });
    expect(sent.status).toBe(401);
    expect(sent.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it("an honest HTTP/1.1 upload that keeps moving is not cut off by the headers timeout", async () => {
    await uploadSlowlyAndHonestly(tlsCluster, tlsCluster.serverUrls[0]!, "ACME/slow/honest-tls.bin", tls.cert);
  });
});
