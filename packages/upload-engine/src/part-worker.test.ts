import { createHash, webcrypto } from "node:crypto";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decodeBase64 } from "./base64";
import { nodeSha256 } from "./node";
import { type MessageEndpoint, servePartRequests, type WorkerErrors, workerPartPreparer } from "./part-worker";
import type { RequestBody } from "./request-body";
import { createUploadBackend } from "./testing";
import { fromBlob, fromBytes } from "./upload-source";
import { createUploader } from "./uploader/create-uploader";

// The servers' side of the wire, which checks every part's x-content-sha256 against the bytes it got.
const backend = createUploadBackend({ sha256: nodeSha256, requireContentSha256: true, keepBytes: true });
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

// A worker and its page, as the two ends of a message channel: the same structured cloning and transfers as a real one.
const channels: InstanceType<typeof MessageChannel>[] = [];
function workerPair(): { page: MessageEndpoint & WorkerErrors; requests: () => number } {
  const channel = new MessageChannel();
  channels.push(channel);
  let requests = 0;
  channel.port1.addEventListener("message", () => {
    requests += 1;
  });
  servePartRequests(channel.port1 as unknown as MessageEndpoint, webcrypto.subtle);
  channel.port1.start();
  channel.port2.start();
  return { page: channel.port2 as unknown as MessageEndpoint & WorkerErrors, requests: () => requests };
}
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

const bytes = new Uint8Array(100_003).map((_, i) => (i * 7) & 0xff);
const bodyBytes = async (body: RequestBody) => (body instanceof Uint8Array ? body : new Uint8Array(await body.arrayBuffer()));
const hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

describe("preparing parts in a worker", () => {
  it("reads a Blob's range and hashes it; answers that range of the file itself, or its base64", async () => {
    const prepare = workerPartPreparer(workerPair().page, webcrypto.subtle);
    const source = fromBlob(new Blob([bytes]), "poster.pdf");
    const raw = await prepare({ source, start: 1000, end: 51_000, encoding: "binary", sha256: true });
    // A Blob, so the page never holds the part: the browser sends it from the file.
    expect(raw?.body).toBeInstanceOf(Blob);
    expect(await bodyBytes(raw!.body)).toEqual(bytes.subarray(1000, 51_000));
    expect(raw?.sha256).toBe(hex(bytes.subarray(1000, 51_000)));
    const encoded = await prepare({ source, start: 51_000, end: bytes.length, encoding: "base64", sha256: false });
    expect(encoded?.body).toBeInstanceOf(Uint8Array);
    expect(decodeBase64(await bodyBytes(encoded!.body))).toEqual(bytes.subarray(51_000));
    expect(encoded?.sha256).toBeUndefined();
  });

  it("declines a source with no Blob behind it, and reports a failed read as an error", async () => {
    const prepare = workerPartPreparer(workerPair().page, webcrypto.subtle);
    expect(prepare({ source: fromBytes(bytes, { name: "a" }), start: 0, end: 10, encoding: "binary", sha256: true })).toBeUndefined();
    // A file that shrank since it was chosen: fewer bytes than the part's length.
    const shrunk = fromBlob(new Blob([bytes.subarray(0, 10)]), "b");
    await expect(prepare({ source: shrunk, start: 0, end: 20, encoding: "binary", sha256: true })).rejects.toThrow(/Read 10 bytes of 20/);
  });

  it("prepares here what a worker that failed was given, and everything after", async () => {
    // A worker whose script never loaded: it takes messages and answers none, then reports its error.
    const listeners: Record<string, ((event: { data: unknown }) => void)[]> = { message: [], error: [] };
    let posted = 0;
    const broken = {
      postMessage: () => {
        posted += 1;
      },
      addEventListener: (type: string, listener: (event: { data: unknown }) => void) => listeners[type]!.push(listener),
    } as unknown as MessageEndpoint & WorkerErrors;
    const prepare = workerPartPreparer(broken, webcrypto.subtle);
    const source = fromBlob(new Blob([bytes]), "c");
    const waiting = prepare({ source, start: 0, end: 5000, encoding: "binary", sha256: true });
    expect(posted).toBe(1);
    for (const listener of listeners.error!) listener({ data: undefined });
    expect((await waiting)?.sha256).toBe(hex(bytes.subarray(0, 5000)));
    const later = await prepare({ source, start: 5000, end: 9000, encoding: "base64", sha256: true });
    expect(decodeBase64(await bodyBytes(later!.body))).toEqual(bytes.subarray(5000, 9000));
    expect(posted).toBe(1);
  });

  it("is what the uploader uses for every part when given, with the same bytes and digests on the wire", async () => {
    const worker = workerPair();
    const file = new Uint8Array(25 * 1024 * 1024 + 5).map((_, i) => (i * 13) & 0xff);
    const uploader = createUploader({
      balancerUrl: backend.balancerUrl,
      fetch: (url, init) => fetch(url, init),
      sha256: nodeSha256,
      preparePart: workerPartPreparer(worker.page, webcrypto.subtle),
    });
    const [outcome] = await uploader.upload([{ source: fromBlob(new Blob([file]), "big.tif"), urlPath: "ACME/big.tif" }]);
    expect(outcome?.ok).toBe(true);
    expect(worker.requests()).toBe(3);
    const stored = backend.files.get("ACME/big.tif")?.bytes;
    expect(stored && hex(stored)).toBe(hex(file));
  });
});
