// Progress by bytes on the wire: a transport that reports its body leaving moves bytesSent within a part.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_SIZE } from "../constants";
import { nodeSha256 } from "../node";
import { requestBodySize } from "../request-body";
import { createUploadBackend, recordingSleep, syntheticSource } from "../testing";
import { createUploader } from "./create-uploader";
import type { FetchLike, UploadProgress } from "./types";

const backend = createUploadBackend({ sha256: nodeSha256 });
const server = setupServer(...backend.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => backend.reset());
afterAll(() => server.close());

/** fetch that reports each body in quarters before sending it, as XMLHttpRequest's upload events would. */
const quarterly: FetchLike = (url, init) => {
  const total = init.body ? requestBodySize(init.body) : 0;
  if (total > 0) for (const quarter of [1, 2, 3, 4]) init.onUploadProgress?.((total * quarter) / 4, total);
  return fetch(url, init);
};

describe("bytesSent", () => {
  it("moves with every reported quarter of every part and ends at the file's size", async () => {
    const size = 3 * CHUNK_SIZE;
    const progress: UploadProgress[] = [];
    const [outcome] = await createUploader({ balancerUrl: backend.balancerUrl, fetch: quarterly, sleep: recordingSleep().sleep }).upload(
      [{ source: syntheticSource(size, { name: "poster.tif" }), urlPath: "p/poster.tif" }],
      { onProgress: (event) => progress.push(event) },
    );
    expect(outcome!.ok).toBe(true);
    const sent = progress.map((event) => event.bytesSent);
    expect(sent.every((value, index) => index === 0 || value >= sent[index - 1]!)).toBe(true);
    // Three parts of four quarters each, every one a distinct value, with 0 and the size.
    expect(new Set(sent).size).toBeGreaterThanOrEqual(13);
    expect(sent).toContain(CHUNK_SIZE / 4);
    expect(sent.at(-1)).toBe(size);
    // bytesUploaded keeps counting only what the servers acknowledged.
    expect(progress.map((event) => event.bytesUploaded).filter((value) => value % CHUNK_SIZE !== 0)).toEqual([]);
  });

  it("falls back when an attempt fails, and counts the retry from zero", async () => {
    backend.fail({ urlPath: "p/logo.svg", times: 1, status: 503 });
    const progress: UploadProgress[] = [];
    const [outcome] = await createUploader({ balancerUrl: backend.balancerUrl, fetch: quarterly, sleep: recordingSleep().sleep }).upload(
      [{ source: syntheticSource(1000, { name: "logo.svg" }), urlPath: "p/logo.svg" }],
      { onProgress: (event) => progress.push(event) },
    );
    expect(outcome!.ok).toBe(true);
    const sent = progress.map((event) => event.bytesSent);
    expect(sent).toEqual([0, 250, 500, 750, 1000, 0, 250, 500, 750, 1000, 1000]);
  });

  it("equals bytesUploaded with a transport that reports nothing", async () => {
    const progress: UploadProgress[] = [];
    await createUploader({
      balancerUrl: backend.balancerUrl,
      fetch: (url, init) => fetch(url, init),
      sleep: recordingSleep().sleep,
    }).upload([{ source: syntheticSource(2 * CHUNK_SIZE + 5, { name: "a.bin" }), urlPath: "p/a.bin" }], {
      onProgress: (event) => progress.push(event),
    });
    expect(progress.every((event) => event.bytesSent === event.bytesUploaded)).toBe(true);
  });
});
