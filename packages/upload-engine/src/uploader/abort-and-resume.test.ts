// Uploader abort and resume: prompt cancellation and sending only the missing parts.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_SIZE } from "../constants";
import { PartFailedError, UploadAbortedError } from "../errors";
import { nodeSha256 } from "../node";
import { toHex } from "../sha256";
import { createUploadBackend, failureOf, partRequests, recordingSleep, syntheticSource, waitUntil } from "../testing";
import { fromBytes } from "../upload-source";
import { createUploader } from "./create-uploader";
import type { UploaderOptions, UploadProgress } from "./types";

const backend = createUploadBackend({ sha256: nodeSha256, latencyMs: 1 });
const server = setupServer(...backend.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => backend.reset());
afterAll(() => server.close());

function uploader(overrides: Partial<UploaderOptions> = {}) {
  return createUploader({
    balancerUrl: backend.balancerUrl,
    fetch: (url, init) => fetch(url, init),
    sha256: nodeSha256,
    sleep: recordingSleep().sleep,
    ...overrides,
  });
}

const SIZE = 5 * CHUNK_SIZE + 1; // six parts
const sixParts = () => syntheticSource(SIZE, { name: "film.mp4", type: "video/mp4" });
const sentParts = (urlPath: string, from = 0) =>
  partRequests(backend.requests, urlPath)
    .filter((request) => request.startedAt >= from && request.status === 200)
    .map((request) => request.part)
    .sort((a, b) => a! - b!);
const wholeSha = async (source: ReturnType<typeof sixParts>) => toHex(await nodeSha256(await source.slice(0, source.size)));

describe("abort", () => {
  it("cancels in the middle of a file without waiting for the request in flight, and can resume", async () => {
    const controller = new AbortController();
    const hold = backend.hold({ kind: "chunked", part: 3 });
    const source = sixParts();
    const calledAfterAbort: string[] = [];
    const pending = uploader({
      fetch: (url, init) => {
        if (controller.signal.aborted) calledAfterAbort.push(url);
        return fetch(url, init);
      },
    }).upload([{ source, urlPath: "c/film.mp4" }], { signal: controller.signal });
    await hold.reached;
    controller.abort();
    // Resolves while part 3 is still held at the server: the client did not wait for it.
    const [outcome] = await pending;
    hold.release();

    expect(outcome!.ok).toBe(false);
    const error = failureOf(outcome, UploadAbortedError);
    expect(error).toMatchObject({ code: "aborted", name: "AbortError", isAbortError: true, groupId: "group-1" });
    expect(error.acknowledgedParts).toContain(1);
    expect(error.acknowledgedParts).not.toContain(3);
    expect(calledAfterAbort).toEqual([]);
    expect(partRequests(backend.requests, "c/film.mp4").some((request) => request.part === 6)).toBe(false);

    const resumedFrom = backend.now();
    const [resumed] = await uploader().upload([{ source, urlPath: "c/film.mp4", resume: error.resume }]);
    expect(resumed).toMatchObject({ ok: true, id: "group-1", sha256: await wholeSha(source) });
    const again = sentParts("c/film.mp4", resumedFrom);
    expect(again).toContain(6);
    expect(again.filter((part) => error.acknowledgedParts.includes(part!) && part !== 6)).toEqual([]);
  });

  it("answers every file as aborted when the signal fired before the call", async () => {
    const controller = new AbortController();
    controller.abort();
    const outcomes = await uploader().upload(
      [0, 1, 2].map((index) => ({ source: fromBytes(new Uint8Array([index]), { name: `${index}.txt` }), urlPath: `c/${index}.txt` })),
      { signal: controller.signal },
    );
    expect(outcomes.map((outcome) => failureOf(outcome, UploadAbortedError).code)).toEqual(["aborted", "aborted", "aborted"]);
    expect(backend.requests).toEqual([]);
  });

  it("never starts the files still queued", async () => {
    const controller = new AbortController();
    const hold = backend.hold({ kind: "upload" });
    const pending = uploader().upload(
      Array.from({ length: 7 }, (_, index) => ({
        source: fromBytes(new Uint8Array([index]), { name: `${index}.txt` }),
        urlPath: `c/${index}.txt`,
      })),
      { signal: controller.signal },
    );
    await waitUntil(() => backend.requests.filter((request) => request.kind === "upload").length === 4);
    controller.abort();
    const outcomes = await pending;
    hold.release();
    expect(outcomes.every((outcome) => !outcome.ok && outcome.error.code === "aborted")).toBe(true);
    expect(backend.requests.filter((request) => request.kind === "upload")).toHaveLength(4);
  });

  it("does not depend on the injected fetch or sleep honouring the signal", async () => {
    const controller = new AbortController();
    backend.fail({ part: 1 });
    const pending = uploader({
      // Neither ever settles: only the uploader's own abort race can end the call.
      sleep: () => new Promise(() => {}),
      onAttemptError: () => controller.abort(),
    }).upload([{ source: sixParts(), urlPath: "c/film.mp4" }], { signal: controller.signal });
    expect(failureOf((await pending)[0], UploadAbortedError).code).toBe("aborted");

    const stuck = new AbortController();
    let partCalled = false;
    const hanging = uploader({
      fetch: (url, init) => {
        if (!url.endsWith("/api/chunked")) return fetch(url, init);
        partCalled = true;
        return new Promise(() => {});
      },
    }).upload([{ source: sixParts(), urlPath: "c/film2.mp4" }], { signal: stuck.signal });
    await waitUntil(() => partCalled);
    stuck.abort();
    expect(failureOf((await hanging)[0], UploadAbortedError).code).toBe("aborted");
  });
});

describe("resume", () => {
  async function failAtPartThree(source: ReturnType<typeof sixParts>, afterStore = false) {
    const rule = backend.fail({ part: 3, times: Number.POSITIVE_INFINITY, afterStore });
    const [outcome] = await uploader().upload([{ source, urlPath: "c/film.mp4" }]);
    rule.stop();
    const error = failureOf(outcome, PartFailedError);
    return error;
  }

  it("asks the server which parts it holds and sends parts 3 and 6 only", async () => {
    const source = sixParts();
    const error = await failAtPartThree(source);
    expect(error.resume).toEqual({ groupId: "group-1", acknowledgedParts: [1, 2, 4, 5] });
    const from = backend.now();
    const progress: UploadProgress[] = [];
    const [outcome] = await uploader().upload([{ source, urlPath: "c/film.mp4", resume: error.resume }], {
      onProgress: (event) => progress.push(event),
    });
    expect(outcome).toMatchObject({ ok: true, id: "group-1", sha256: await wholeSha(source) });
    const requests = backend.requests.filter((request) => request.startedAt >= from);
    expect(requests.filter((request) => request.kind === "status").map((request) => request.egnyteId)).toEqual(["group-1"]);
    expect(sentParts("c/film.mp4", from)).toEqual([3, 6]);
    expect(requests.filter((request) => request.kind === "chunked").every((request) => request.egnyteId === "group-1")).toBe(true);
    expect(progress[0]!.bytesUploaded).toBe(4 * CHUNK_SIZE);
    expect(progress.at(-1)).toMatchObject({ bytesUploaded: SIZE, bytesTotal: SIZE, groupId: "group-1" });
  });

  it("resumes after a page reload from the group id alone", async () => {
    const source = sixParts();
    await failAtPartThree(source);
    const from = backend.now();
    const [outcome] = await uploader().upload([{ source, urlPath: "c/film.mp4", resume: { groupId: "group-1" } }]);
    expect(outcome).toMatchObject({ ok: true, sha256: await wholeSha(source) });
    expect(sentParts("c/film.mp4", from)).toEqual([3, 6]);
  });

  it("trusts the server over the client: a part stored but never acknowledged is not sent again", async () => {
    const source = sixParts();
    const error = await failAtPartThree(source, true);
    expect(error.acknowledgedParts).toEqual([1, 2, 4, 5]);
    const from = backend.now();
    const [outcome] = await uploader().upload([{ source, urlPath: "c/film.mp4", resume: error.resume }]);
    expect(outcome).toMatchObject({ ok: true, sha256: await wholeSha(source) });
    expect(sentParts("c/film.mp4", from)).toEqual([6]);
  });

  it("falls back to the parts the client remembers when the server cannot say", async () => {
    const source = sixParts();
    const error = await failAtPartThree(source);
    backend.fail({ kind: "status", times: Number.POSITIVE_INFINITY });
    const from = backend.now();
    const [outcome] = await uploader().upload([{ source, urlPath: "c/film.mp4", resume: error.resume }]);
    expect(outcome!.ok).toBe(true);
    expect(sentParts("c/film.mp4", from)).toEqual([3, 6]);
  });

  it("keeps the resume state when aborted while asking the server about it", async () => {
    const controller = new AbortController();
    const hold = backend.hold({ kind: "status" });
    const pending = uploader().upload(
      [{ source: sixParts(), urlPath: "c/film.mp4", resume: { groupId: "group-9", acknowledgedParts: [1, 2] } }],
      {
        signal: controller.signal,
      },
    );
    await hold.reached;
    controller.abort();
    const error = failureOf((await pending)[0], UploadAbortedError);
    hold.release();
    expect(error.resume).toEqual({ groupId: "group-9", acknowledgedParts: [1, 2] });
  });

  it("starts a new group when the servers no longer know the old one", async () => {
    const source = sixParts();
    const [outcome] = await uploader().upload([
      { source, urlPath: "c/film.mp4", resume: { groupId: "expired-group", acknowledgedParts: [1, 2, 3] } },
    ]);
    expect(outcome).toMatchObject({ ok: true, id: "group-1", sha256: await wholeSha(source) });
    expect(backend.requests.find((request) => request.kind === "status")!.status).toBe(404);
    expect(sentParts("c/film.mp4")).toEqual([1, 2, 3, 4, 5, 6]);
    expect(partRequests(backend.requests, "c/film.mp4").find((request) => request.part === 1)!.egnyteId).toBeUndefined();
  });
});
