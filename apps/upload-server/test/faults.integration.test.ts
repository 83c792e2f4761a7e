import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore, isStoreFullError, issueUploadTicket, type ObjectStore } from "@atelier/storage";
import { type AttemptFailedError, createUploader, type FetchLike, fromBytes } from "@atelier/upload-engine";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBalancer } from "../src/balancer";
import type { HttpServer as Server } from "../src/http";
import { createUploadServer } from "../src/upload-server";
import { type ChildServer, startChildServer } from "./support/child-server";
import { close, download, listen, patternBytes, sha256Hex, TEST_SECRET } from "./support/cluster";
import { rawRequest } from "./support/raw";

const MiB = 1024 * 1024;
const realFetch = globalThis.fetch as unknown as FetchLike;
const ticket = () => issueUploadTicket({ userId: "faulty" }, TEST_SECRET, Date.now()).ticket;

// Every fault is tried on both wires: binary parts, and base64, the base wire (a client that does not
// send binary, as before they existed).
const ENCODINGS = ["binary", "base64"] as const;
type Encoding = (typeof ENCODINGS)[number];

// A whole body as the encoding sends it, with the headers that say so.
function wireBody(encoding: Encoding, data: Buffer): { body: Buffer; headers: Record<string, string> } {
  return encoding === "binary"
    ? { body: data, headers: { "content-type": "application/octet-stream", "x-body-encoding": "binary" } }
    : { body: Buffer.from(data.toString("base64")), headers: {} };
}

// Records how each body went, so a test can show it ran on the wire it claims: a set per uploader, so nothing another
// test does (or leaves running) can touch it.
function uploaderFor(balancerUrl: string, fetch: FetchLike, failures: AttemptFailedError[], encoding: Encoding) {
  const sentEncodings = new Set<string>();
  const uploader = createUploader({
    balancerUrl,
    fetch: (url, init) => {
      if (init.body) sentEncodings.add(init.headers["x-body-encoding"] ?? "base64");
      return fetch(url, init);
    },
    sha256: (bytes) => new Uint8Array(Buffer.from(sha256Hex(bytes), "hex")),
    headers: () => ({ Authorization: `Bearer ${ticket()}` }),
    onAttemptError: (error) => failures.push(error),
    binaryParts: encoding === "binary",
  });
  return { upload: uploader.upload.bind(uploader), sentEncodings };
}

// A balancer offers base64 alone until its first health check of a server; wait for the offer.
async function offersBinary(balancerUrl: string): Promise<void> {
  for (;;) {
    const answer = (await (await fetch(`${balancerUrl}/`)).json()) as { encodings?: string[] };
    if (answer.encodings?.includes("binary")) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let work: string;
const children: ChildServer[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "upload-faults-"));
});
afterEach(async () => {
  for (const child of children.splice(0)) await child.stop();
  for (const server of servers.splice(0)) await close(server);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe.each(ENCODINGS)("a server dies (%s parts)", (encoding) => {
  it("completes a 200 MiB upload through the other server when one is SIGKILLed mid-part", async () => {
    const store = join(work, `kill-mid-part-${encoding}`);
    const a = await startChildServer("src/main.ts", ["--role", "server", "--port", "0", "--store", store]);
    const b = await startChildServer("src/main.ts", ["--role", "server", "--port", "0", "--store", store]);
    children.push(a, b);
    const balancer = createBalancer({ servers: [a.url, b.url], healthIntervalMs: 500 });
    servers.push(balancer);
    const balancerUrl = await listen(balancer);
    await offersBinary(balancerUrl);

    let killed = false;
    const killing: FetchLike = (url, init) => {
      const answer = realFetch(url, init);
      // Once several parts are flowing, kill A while one of its parts is on the wire.
      if (!killed && url.startsWith(`${a.url}/api/chunked`) && Number(init.headers.part) >= 3) {
        killed = true;
        setImmediate(() => a.process.kill("SIGKILL"));
      }
      return answer;
    };
    const failures: AttemptFailedError[] = [];
    const data = patternBytes(200 * MiB, 200);
    const uploader = uploaderFor(balancerUrl, killing, failures, encoding);
    const [outcome] = await uploader.upload([{ source: fromBytes(data, { name: "big.bin" }), urlPath: "ACME/faults/big.bin" }]);

    expect([...uploader.sentEncodings]).toEqual([encoding]);
    expect(killed).toBe(true);
    expect((await a.exited).signal).toBe("SIGKILL");
    expect(failures.some((failure) => failure.server === a.url)).toBe(true);
    expect(outcome?.ok).toBe(true);
    if (!outcome?.ok) return;
    expect(outcome.sha256).toBe(sha256Hex(data));
    expect(outcome.url.startsWith(b.url) || outcome.url.startsWith(a.url)).toBe(true);
    const got = await download(outcome.url.replace(a.url, b.url), ticket());
    expect(sha256Hex(got.body)).toBe(sha256Hex(data));
  });

  it("answers a retried part idempotently when a server died after storing it but before answering", async () => {
    const store = join(work, `kill-after-store-${encoding}`);
    const crashy = await startChildServer("test/fixtures/crash-after-part.ts", [store]);
    const healthy = await startChildServer("src/main.ts", ["--role", "server", "--port", "0", "--store", store]);
    children.push(crashy, healthy);
    // The crashing server first, so it is handed a part before the healthy one takes over.
    const balancer = createBalancer({ servers: [crashy.url, healthy.url], healthIntervalMs: 500 });
    servers.push(balancer);
    const balancerUrl = await listen(balancer);
    await offersBinary(balancerUrl);

    const failures: AttemptFailedError[] = [];
    const data = patternBytes(25 * MiB + 1, 77);
    const uploader = uploaderFor(balancerUrl, realFetch, failures, encoding);
    const [outcome] = await uploader.upload([{ source: fromBytes(data, { name: "retry.bin" }), urlPath: "ACME/faults/retry.bin" }]);

    expect([...uploader.sentEncodings]).toEqual([encoding]);
    expect((await crashy.exited).signal).toBe("SIGKILL");
    expect(crashy.output.some((line) => line.includes('"stored"'))).toBe(true);
    expect(failures.some((failure) => failure.server === crashy.url)).toBe(true);
    expect(outcome?.ok && outcome.sha256).toBe(sha256Hex(data));
    const got = await download((outcome as { url: string }).url.replace(crashy.url, healthy.url), ticket());
    expect(sha256Hex(got.body)).toBe(sha256Hex(data));
  });
});

// Mounting needs root; where it is refused, the same failure is injected at the driver level.
function tryMountTmpfs(dir: string, size: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function enospcAfter(store: ObjectStore, budget: { bytes: number }): ObjectStore {
  return {
    ...store,
    put: (key, body, options) => {
      async function* metered(): AsyncGenerator<Uint8Array> {
        for await (const chunk of body as AsyncIterable<Uint8Array>) {
          budget.bytes -= chunk.length;
          if (budget.bytes < 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
          yield chunk;
        }
      }
      return store.put(key, metered(), options);
    },
  };
}

describe.each(ENCODINGS)("the store’s disk is full (%s bodies)", (encoding) => {
  const mountPoint = join(tmpdir(), `upload-full-${process.pid}-${encoding}`);
  let mounted = false;

  beforeAll(async () => {
    await mkdir(mountPoint, { recursive: true });
    mounted = tryMountTmpfs(mountPoint, "12m");
  });
  afterAll(async () => {
    if (mounted) {
      // Lazy, so a descriptor the kernel has not yet released cannot leave the mount behind.
      execFileSync("umount", ["-l", mountPoint]);
    }
    await rm(mountPoint, { recursive: true, force: true });
  });

  it("answers a 507 JSON error, publishes nothing and stays up (real tmpfs when mountable, else injected ENOSPC)", async () => {
    const root = join(mountPoint, "store");
    const fsStore = createFsStore({ root });
    const store = mounted ? fsStore : enospcAfter(fsStore, { bytes: 11 * MiB });
    const internals: unknown[] = [];
    const server = createUploadServer({ store, secret: TEST_SECRET, cleanupIntervalMs: 0, onError: (e) => internals.push(e) });
    servers.push(server);
    const base = await listen(server);
    const send = (name: string, data: Buffer) => {
      const { body, headers } = wireBody(encoding, data);
      return fetch(`${base}/api/upload`, {
        method: "POST",
        body,
        headers: { ...headers, authorization: `Bearer ${ticket()}`, urlPath: `ACME/full/${name}` },
      });
    };

    const first = await send("fits.bin", patternBytes(8 * MiB, 1));
    expect(first.status).toBe(200);
    const full = await send("too-much.bin", patternBytes(8 * MiB, 2));
    expect(full.status).toBe(507);
    expect(await full.json()).toEqual({ statusCode: 507, error: "Insufficient Storage", message: "The store has no space left" });

    expect((await download(`${base}/files/ACME/full/too-much.bin`, ticket())).status).toBe(404);
    expect(await readdir(join(root, "tmp"))).toEqual([]);
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const stillThere = await download(`${base}/files/ACME/full/fits.bin`, ticket());
    expect(sha256Hex(stillThere.body)).toBe(sha256Hex(patternBytes(8 * MiB, 1)));
    // Operators need to hear about a full disk, so it is reported as an internal error.
    expect(internals.length).toBeGreaterThan(0);
    expect(internals.every(isStoreFullError)).toBe(true);
    console.info(`disk-full test ran against ${mounted ? "a real 12 MiB tmpfs" : "an injected ENOSPC (tmpfs not mountable)"}`);
  });
});

describe.each(ENCODINGS)("slow and stalled clients (%s bodies)", (encoding) => {
  let base: string;
  let server: Server;
  let root: string;

  beforeAll(async () => {
    root = join(work, `stall-${encoding}`);
    server = createUploadServer({ store: createFsStore({ root }), secret: TEST_SECRET, cleanupIntervalMs: 0, idleTimeoutMs: 1500 });
    base = await listen(server);
  });
  afterAll(async () => {
    await close(server);
  });

  it("turns off the total request timeout, so only idleness closes a connection", () => {
    expect(server.requestTimeout).toBe(0);
    expect(server.timeout).toBe(1500);
  });

  it("closes a connection that sends headers and then stalls, while other uploads go on", async () => {
    const start = wireBody(encoding, Buffer.from("AAA"));
    const stalled = rawRequest(`${base}/api/chunked`, {
      headers: {
        ...start.headers,
        authorization: `Bearer ${ticket()}`,
        urlPath: "ACME/stall/s.bin",
        part: "1",
        parts: "2",
        "content-length": 1000,
      },
      body: start.body,
      endBody: false,
    });
    const unaffected = wireBody(encoding, Buffer.from("unaffected"));
    const other = await fetch(`${base}/api/upload`, {
      method: "POST",
      body: unaffected.body,
      headers: { ...unaffected.headers, authorization: `Bearer ${ticket()}`, urlPath: "ACME/stall/ok.txt" },
    });
    expect(other.status).toBe(200);
    expect(await stalled).toEqual({ closed: true });
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it("does not cut off a slow upload that keeps sending", async () => {
    const data = patternBytes(30_000, 3);
    const { body: encoded, headers } = wireBody(encoding, data);
    const { request } = await import("node:http");
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${base}/api/upload`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { ...headers, authorization: `Bearer ${ticket()}`, urlPath: "ACME/stall/slow.bin", "content-length": encoded.length },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      // Twenty small writes spaced well inside the idle timeout, lasting longer than it in total.
      const step = Math.ceil(encoded.length / 20);
      let offset = 0;
      const tick = () => {
        req.write(encoded.subarray(offset, offset + step));
        offset += step;
        if (offset >= encoded.length) req.end();
        else setTimeout(tick, 150);
      };
      tick();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ sha256: sha256Hex(data) });
  });
});
