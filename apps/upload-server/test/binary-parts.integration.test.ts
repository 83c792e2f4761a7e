// Binary parts are negotiated: servers offer them, clients that see the offer send raw bytes, and
// every pairing of old and new (a server with binary parts off, a client forced to base64) works.
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore } from "@atelier/storage";
import { type FetchLike, fromBytes, requestBodySize, WIRE_HEADERS } from "@atelier/upload-engine";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, download, patternBytes, sha256Hex, startCluster } from "./support/cluster";
import { rawRequest } from "./support/raw";

const MiB = 1024 * 1024;
const realFetch = globalThis.fetch as unknown as FetchLike;

let root: string;
let cluster: Cluster | undefined;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "upload-binary-"));
});
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Sent {
  contentType: string | undefined;
  encoding: string | undefined;
  bytes: number;
}

// The body requests a client made, as they went on the wire.
function recording(sent: Sent[]): FetchLike {
  return (url, init) => {
    if (init.method === "POST") {
      sent.push({
        contentType: init.headers[WIRE_HEADERS.contentType],
        encoding: init.headers[WIRE_HEADERS.bodyEncoding],
        bytes: init.body ? requestBodySize(init.body) : 0,
      });
    }
    return realFetch(url, init);
  };
}

describe.each([
  { server: "new", client: "new", binary: true },
  { server: "new", client: "old", binary: false },
  { server: "old", client: "new", binary: false },
  { server: "old", client: "old", binary: false },
])("a $client client with $server servers", ({ server, client, binary }) => {
  it(`uploads a chunked and a whole file ${binary ? "as raw bytes" : "as base64"}, stored byte for byte with their types`, async () => {
    // Until its first health check a balancer offers base64 alone; wait for each server's second.
    const checks = [0, 0];
    cluster = await startCluster({
      store: createFsStore({ root: join(root, `${server}-${client}`) }),
      server: { binaryParts: server === "new" },
      onServer: (upload, index) =>
        upload.on("request", (req: IncomingMessage) => {
          if (req.url === "/health") checks[index]! += 1;
        }),
    });
    while (checks.some((count) => count < 2)) await new Promise((resolve) => setTimeout(resolve, 50));
    const offer = (await (await fetch(`${cluster.balancerUrl}/`)).json()) as { encodings: string[] };
    expect(offer.encodings).toEqual(server === "new" ? ["base64", "binary"] : ["base64"]);

    const sent: Sent[] = [];
    const big = patternBytes(25 * MiB + 3, 11);
    const small = patternBytes(300_000, 12);
    const outcomes = await cluster.uploader({ fetch: recording(sent), binaryParts: client === "new" }).upload([
      { source: fromBytes(big, { name: "big.tif", type: "image/tiff" }), urlPath: "ACME/binary/big.tif" },
      { source: fromBytes(small, { name: "small.png", type: "image/png" }), urlPath: "ACME/binary/small.png" },
    ]);

    expect(sent).toHaveLength(4);
    for (const request of sent) {
      expect(request.encoding).toBe(binary ? "binary" : undefined);
      expect(request.contentType).toMatch(binary ? /^application\/octet-stream$/ : /; charset=utf-8$/);
    }
    // Raw bytes are exactly the file; base64 a third more.
    const onWire = sent.reduce((total, request) => total + request.bytes, 0);
    expect(onWire === big.length + small.length).toBe(binary);
    for (const [outcome, data, type] of [
      [outcomes[0], big, "image/tiff"],
      [outcomes[1], small, "image/png"],
    ] as const) {
      expect(outcome?.ok).toBe(true);
      if (!outcome?.ok) return;
      expect(outcome.sha256).toBe(sha256Hex(data));
      const got = await download(outcome.url, cluster.ticket());
      expect(sha256Hex(got.body)).toBe(sha256Hex(data));
      expect(got.headers.get("content-type")).toBe(type);
    }
  });
});

describe("binary bodies at the server", () => {
  const post = (base: string, path: string, body: Buffer, headers: Record<string, string | number>, ticket: string) =>
    rawRequest(`${base}${path}`, {
      headers: {
        authorization: `Bearer ${ticket}`,
        "content-type": "application/octet-stream",
        "content-length": body.length,
        urlPath: "ACME/binary/raw.bin",
        ...headers,
      },
      body,
    });

  it("says what it takes on /health", async () => {
    cluster = await startCluster({ store: createFsStore({ root: join(root, "health") }), servers: 1 });
    const health = (await (await fetch(`${cluster.serverUrls[0]}/health`)).json()) as { encodings: string[] };
    expect(health.encodings).toEqual(["base64", "binary"]);
  });

  it("refuses a binary body with 415 when binary parts are off, and an unknown encoding always", async () => {
    cluster = await startCluster({ store: createFsStore({ root: join(root, "off") }), servers: 1, server: { binaryParts: false } });
    const base = cluster.serverUrls[0]!;
    const data = patternBytes(1000, 3);
    const off = await post(base, "/api/upload", data, { "x-body-encoding": "binary" }, cluster.ticket());
    expect(off).toMatchObject({ status: 415 });
    const unknown = await post(base, "/api/upload", data, { "x-body-encoding": "zstd" }, cluster.ticket());
    expect(unknown).toMatchObject({ status: 415 });
    // The same bytes as base64, the base wire (docs/upload-protocol.md), are taken as ever.
    const base64 = await post(
      base,
      "/api/upload",
      Buffer.from(data.toString("base64")),
      { "content-type": "application/octet-stream; charset=utf-8" },
      cluster.ticket(),
    );
    expect(base64).toMatchObject({ status: 200 });
    expect(JSON.parse((base64 as { body: string }).body)).toMatchObject({ sha256: sha256Hex(data) });
  });

  it("checks a binary part's digest in the pass that stores it, and its size against the part limit", async () => {
    cluster = await startCluster({ store: createFsStore({ root: join(root, "checks") }), servers: 1, server: { maxPartBytes: 1 * MiB } });
    const base = cluster.serverUrls[0]!;
    const data = patternBytes(MiB, 4);
    const part = { "x-body-encoding": "binary", part: 1, parts: 2 };
    const wrong = await post(
      base,
      "/api/chunked",
      data,
      { ...part, "x-content-sha256": sha256Hex(Buffer.from("other")) },
      cluster.ticket(),
    );
    expect(wrong).toMatchObject({ status: 422 });
    // Base64's allowance does not apply: one byte over the part size is refused before it is read.
    const over = await post(base, "/api/chunked", Buffer.concat([data, Buffer.from([0])]), part, cluster.ticket());
    expect(over).toMatchObject({ status: 413 });
    const right = await post(base, "/api/chunked", data, { ...part, "x-content-sha256": sha256Hex(data) }, cluster.ticket());
    expect(right).toMatchObject({ status: 200 });
  });
});
