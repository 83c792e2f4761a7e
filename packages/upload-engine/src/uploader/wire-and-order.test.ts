// Uploader against the fake backend: exact headers and bodies, part order and concurrency, progress.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_SIZE } from "../constants";
import { nodeBase64, nodeSha256 } from "../node";
import { toHex } from "../sha256";
import { createUploadBackend, maxInFlight, partRequests, recordingSleep, syntheticSource, waitUntil } from "../testing";
import { fromBlob, fromBytes } from "../upload-source";
import { createUploader } from "./create-uploader";
import type { UploaderOptions, UploadProgress } from "./types";

const TICKET = "Bearer ticket-1";
const backend = createUploadBackend({ sha256: nodeSha256, authorization: TICKET, requireContentSha256: true, latencyMs: 2 });
const server = setupServer(...backend.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => backend.reset());
afterAll(() => server.close());

function uploader(overrides: Partial<UploaderOptions> = {}) {
  return createUploader({
    balancerUrl: backend.balancerUrl,
    fetch: (url, init) => fetch(url, init),
    sha256: nodeSha256,
    headers: { Authorization: TICKET },
    sleep: recordingSleep().sleep,
    ...overrides,
  });
}

const hex = async (bytes: Uint8Array) => toHex(await nodeSha256(bytes));

describe("a small file", () => {
  it("goes whole to /api/upload with byte-exact headers and base64 body", async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, index) => (index * 31) % 256);
    const [outcome] = await uploader().upload([
      { source: fromBytes(bytes, { name: "logo.png", type: "image/png" }), urlPath: "Acme/2024/x/MATERIALS/logo.png" },
    ]);

    expect(backend.requests.map((request) => request.kind)).toEqual(["balancer", "upload"]);
    const [balancer, upload] = backend.requests;
    expect(balancer!.headers).toMatchObject({ authorization: TICKET });
    expect(balancer!.headers["x-failed-server"]).toBeUndefined();
    expect(upload!.origin).toBe(balancer!.answeredServer);
    expect(upload!.headers).toMatchObject({
      "content-type": "image/png; charset=utf-8",
      urlpath: "Acme/2024/x/MATERIALS/logo.png",
      "x-content-sha256": await hex(bytes),
      authorization: TICKET,
    });
    for (const absent of ["part", "parts", "egnyte_id"]) expect(upload!.headers[absent]).toBeUndefined();

    const stored = backend.files.get("Acme/2024/x/MATERIALS/logo.png")!;
    expect(stored.bytes).toEqual(bytes);
    expect(stored.type).toBe("image/png");
    expect(outcome).toEqual({
      ok: true,
      fileIndex: 0,
      fileName: "logo.png",
      urlPath: "Acme/2024/x/MATERIALS/logo.png",
      id: "file-1",
      url: `${upload!.origin}/files/Acme/2024/x/MATERIALS/logo.png`,
      sha256: await hex(bytes),
    });
  });

  it.each([
    ["a 0-byte file", 0],
    ["a file of exactly 10485760 bytes", CHUNK_SIZE],
  ])("sends %s in one request and reports its size as progress", async (_, size) => {
    const progress: UploadProgress[] = [];
    const source = syntheticSource(size, { name: "f.bin", type: "" });
    const [outcome] = await uploader().upload([{ source, urlPath: "p/f.bin" }], { onProgress: (event) => progress.push(event) });
    expect(outcome!.ok).toBe(true);
    expect(backend.requests.map((request) => request.kind)).toEqual(["balancer", "upload"]);
    expect(backend.requests[1]!.headers["content-type"]).toBe("application/octet-stream; charset=utf-8");
    expect(backend.files.get("p/f.bin")!.sha256).toBe(await hex(await source.slice(0, size)));
    expect(progress.map((event) => event.bytesUploaded)).toEqual([0, size]);
    expect(progress.at(-1)!.bytesTotal).toBe(size);
  });
});

describe("a large file", () => {
  it("sends 10485761 bytes as two parts, the group id as egnyte_id of the second", async () => {
    const source = syntheticSource(CHUNK_SIZE + 1, { name: "big.psd", type: "image/vnd.adobe.photoshop" });
    const [outcome] = await uploader().upload([{ source, urlPath: "c/big.psd" }]);

    const parts = partRequests(backend.requests, "c/big.psd");
    expect(parts.map((request) => [request.part, request.parts, request.egnyteId])).toEqual([
      [1, 2, undefined],
      [2, 2, "group-1"],
    ]);
    expect(parts[0]!.headers).toMatchObject({
      "content-type": "image/vnd.adobe.photoshop; charset=utf-8",
      urlpath: "c/big.psd",
      part: "1",
      parts: "2",
      authorization: TICKET,
      "x-content-sha256": await hex(await source.slice(0, CHUNK_SIZE)),
    });
    expect(parts[0]!.headers.egnyte_id).toBeUndefined();
    expect(parts[1]!.headers).toMatchObject({
      part: "2",
      parts: "2",
      egnyte_id: "group-1",
      "x-content-sha256": await hex(await source.slice(CHUNK_SIZE, CHUNK_SIZE + 1)),
    });
    expect(parts.map((request) => request.bodyLength)).toEqual([CHUNK_SIZE, 1]);

    const whole = await hex(await source.slice(0, source.size));
    expect(backend.files.get("c/big.psd")!.sha256).toBe(whole);
    expect(outcome).toMatchObject({ ok: true, id: "group-1", url: `${parts[1]!.origin}/files/c/big.psd`, sha256: whole });
  });

  it("encodes every body with an injected base64 encoder, to the same bytes on the server", async () => {
    const source = syntheticSource(CHUNK_SIZE * 2 + 5);
    const encoded: number[] = [];
    const base64: UploaderOptions["base64"] = (bytes, output) => {
      encoded.push(bytes.length);
      nodeBase64(bytes, output);
    };
    const [outcome] = await uploader({ base64 }).upload([{ source, urlPath: "c/native.bin" }]);
    expect(encoded.sort((a, b) => a - b)).toEqual([5, CHUNK_SIZE, CHUNK_SIZE]);
    expect(outcome).toMatchObject({ ok: true, sha256: await hex(await source.slice(0, source.size)) });
  });

  it("reuses settled bodies for later parts only when asked, and stores the same bytes", async () => {
    const source = syntheticSource(CHUNK_SIZE * 24 + 7);
    const whole = await hex(await source.slice(0, source.size));
    for (const reuseBodies of [false, true]) {
      const bodies: Uint8Array[] = [];
      const fetchRecording: UploaderOptions["fetch"] = (url, init) => {
        if (init.body instanceof Uint8Array) bodies.push(init.body);
        return fetch(url, init);
      };
      const urlPath = `c/reuse-${reuseBodies}.bin`;
      const [outcome] = await uploader({ fetch: fetchRecording, reuseBodies }).upload([{ source, urlPath }]);
      expect(outcome).toMatchObject({ ok: true, sha256: whole });
      expect(backend.files.get(urlPath)!.sha256).toBe(whole);
      expect(bodies).toHaveLength(25);
      const distinct = new Set(bodies).size;
      // 10 parts in flight and 2 being prepared bound the bodies in use at once.
      if (reuseBodies) expect(distinct).toBeLessThanOrEqual(13);
      else expect(distinct).toBe(25);
    }
  });

  it("reads a browser-style Blob through slice()", async () => {
    const source = syntheticSource(CHUNK_SIZE * 2 + 3);
    const bytes = await source.slice(0, source.size);
    const blob = fromBlob(new Blob([bytes], { type: "application/zip" }), "bundle.zip");
    expect(blob.readInto).toBeUndefined();
    const [outcome] = await uploader().upload([{ source: blob, urlPath: "c/bundle.zip" }]);
    expect(outcome).toMatchObject({ ok: true, sha256: await hex(bytes) });
    expect(backend.files.get("c/bundle.zip")).toMatchObject({ type: "application/zip", size: bytes.length });
  });

  it("sends part 1 alone, the middles at most 10 at once, the last part last", async () => {
    const size = 12 * CHUNK_SIZE + 1;
    const source = syntheticSource(size, { name: "video.mov", type: "video/quicktime" });
    const isMiddle = (request: { kind: string; part?: number }) => request.kind === "chunked" && request.part! > 1 && request.part! < 13;
    // Middles wait at the server until ten are in flight, so the cap is actually reached.
    const hold = backend.hold(isMiddle);
    const progress: UploadProgress[] = [];
    const pending = uploader().upload([{ source, urlPath: "c/video.mov" }], { onProgress: (event) => progress.push(event) });
    await waitUntil(() => backend.requests.filter(isMiddle).length >= 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.requests.filter(isMiddle)).toHaveLength(10);
    hold.release();
    const [outcome] = await pending;

    const parts = partRequests(backend.requests, "c/video.mov");
    expect(parts.map((request) => request.part).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const [first] = parts;
    const middles = parts.filter(isMiddle);
    const last = parts.find((request) => request.part === 13)!;
    expect(first!.part).toBe(1);
    expect(middles.every((request) => request.startedAt > first!.endedAt!)).toBe(true);
    expect(middles.every((request) => request.endedAt! < last.startedAt)).toBe(true);
    expect(maxInFlight(middles)).toBe(10);
    expect(maxInFlight(parts)).toBe(10);
    // A fresh server is asked for before every part.
    expect(backend.requests.filter((request) => request.kind === "balancer")).toHaveLength(13);
    for (const request of parts) {
      expect(request.bodySha256).toBe(request.headers["x-content-sha256"]);
      expect(request.egnyteId).toBe(request.part === 1 ? undefined : "group-1");
    }
    expect(outcome).toMatchObject({ ok: true, id: "group-1", sha256: await hex(await source.slice(0, size)) });

    const bytes = progress.map((event) => event.bytesUploaded);
    expect(bytes[0]).toBe(0);
    expect(bytes.every((value, index) => index === 0 || value >= bytes[index - 1]!)).toBe(true);
    expect(bytes.at(-1)).toBe(size);
    expect(progress.at(-1)).toMatchObject({ bytesTotal: size, groupId: "group-1", fileName: "video.mov" });
  });

  it("caps each of 4 files at 2 parts at once and runs the 4 files together", async () => {
    const size = 4 * CHUNK_SIZE + 1;
    const files = [0, 1, 2, 3].map((index) => ({
      source: syntheticSource(size, { name: `f${index}.bin`, seed: index + 1 }),
      urlPath: `c/f${index}.bin`,
    }));
    const outcomes = await uploader().upload(files);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, true]);
    for (const file of files) {
      const parts = partRequests(backend.requests, file.urlPath);
      expect(parts).toHaveLength(5);
      expect(maxInFlight(parts.filter((request) => request.part! > 1 && request.part! < 5))).toBeLessThanOrEqual(2);
      expect(backend.files.get(file.urlPath)!.sha256).toBe(await hex(await file.source.slice(0, size)));
    }
    expect(maxInFlight(backend.requests.filter((request) => request.kind === "chunked"))).toBeLessThanOrEqual(8);
  });
});

describe("a batch", () => {
  it("runs at most 4 files at once and answers in input order", async () => {
    const hold = backend.hold({ kind: "upload" });
    const files = Array.from({ length: 6 }, (_, index) => ({
      source: fromBytes(new Uint8Array([index]), { name: `n${index}.txt`, type: "text/plain" }),
      urlPath: `c/n${index}.txt`,
    }));
    const pending = uploader().upload(files);
    await waitUntil(() => backend.requests.filter((request) => request.kind === "upload").length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(backend.requests.filter((request) => request.kind === "upload")).toHaveLength(4);
    hold.release();
    const outcomes = await pending;
    expect(outcomes.map((outcome) => [outcome.ok, outcome.fileIndex, outcome.fileName])).toEqual(
      files.map((file, index) => [true, index, file.source.name]),
    );
    expect(maxInFlight(backend.requests.filter((request) => request.kind === "upload"))).toBe(4);
  });

  it("asks the headers function afresh for every request", async () => {
    let calls = 0;
    const [outcome] = await uploader({
      headers: () => {
        calls++;
        return { Authorization: TICKET };
      },
    }).upload([{ source: syntheticSource(CHUNK_SIZE + 5), urlPath: "c/t.bin" }]);
    expect(outcome!.ok).toBe(true);
    expect(calls).toBe(backend.requests.length);
  });

  it("lets caller headers add to the protocol but never replace it, whatever their case", async () => {
    const [outcome] = await uploader({
      headers: { Authorization: TICKET, "content-type": "text/html", URLPATH: "elsewhere", "X-Trace": "abc" },
    }).upload([{ source: fromBytes(new Uint8Array([1]), { name: "a.png", type: "image/png" }), urlPath: "c/a.png" }]);
    expect(outcome!.ok).toBe(true);
    expect(backend.requests[1]!.headers).toMatchObject({
      "content-type": "image/png; charset=utf-8",
      urlpath: "c/a.png",
      "x-trace": "abc",
    });
  });

  it("refuses a urlPath that is not a valid header value without sending anything", async () => {
    const [outcome] = await uploader().upload([{ source: fromBytes(new Uint8Array(3), { name: "x" }), urlPath: "Café/x" }]);
    expect(outcome).toMatchObject({ ok: false, error: { code: "invalid-input" } });
    expect(backend.requests).toEqual([]);
  });
});
