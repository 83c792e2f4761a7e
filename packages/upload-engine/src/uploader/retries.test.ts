// Uploader retries: backoff, fresh servers, the 11-attempt limit and the no-servers failure.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_SIZE, MAX_RETRIES } from "../constants";
import { type AttemptFailedError, NoServersError, PartFailedError } from "../errors";
import { nodeSha256 } from "../node";
import { RETRY_DELAYS } from "../retry-delay";
import { toHex } from "../sha256";
import { createUploadBackend, failureOf, partRequests, recordingSleep, syntheticSource } from "../testing";
import { fromBytes } from "../upload-source";
import { createUploader } from "./create-uploader";
import type { UploaderOptions } from "./types";

const backend = createUploadBackend({
  sha256: nodeSha256,
  servers: ["http://upload-1.test", "http://upload-2.test", "http://upload-3.test"],
});
const server = setupServer(...backend.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.reset();
  server.resetHandlers();
});
afterAll(() => server.close());

function setup(overrides: Partial<UploaderOptions> = {}) {
  const clock = recordingSleep();
  const attempts: AttemptFailedError[] = [];
  const uploader = createUploader({
    balancerUrl: backend.balancerUrl,
    fetch: (url, init) => fetch(url, init),
    sha256: nodeSha256,
    sleep: clock.sleep,
    onAttemptError: (error) => attempts.push(error),
    ...overrides,
  });
  return { uploader, delays: clock.delays, attempts };
}

const threeParts = () => syntheticSource(2 * CHUNK_SIZE + 1, { name: "deck.key" });
const balancerCalls = () => backend.requests.filter((request) => request.kind === "balancer");

describe("retries", () => {
  it("retries a part that fails twice and finishes it on another server", async () => {
    const { uploader, delays, attempts } = setup();
    backend.fail({ part: 2, times: 2, status: 503 });
    const source = threeParts();
    const [outcome] = await uploader.upload([{ source, urlPath: "c/deck.key" }]);

    expect(outcome).toMatchObject({ ok: true, sha256: toHex(await nodeSha256(await source.slice(0, source.size))) });
    const tries = partRequests(backend.requests, "c/deck.key").filter((request) => request.part === 2);
    expect(tries.map((request) => request.status)).toEqual([503, 503, 200]);
    expect(tries[1]!.origin).not.toBe(tries[0]!.origin);
    expect(tries[2]!.origin).not.toBe(tries[1]!.origin);
    // The balancer hears which server failed before handing out the next one.
    const askedBefore = (request: { startedAt: number }) =>
      balancerCalls()
        .filter((call) => call.startedAt < request.startedAt)
        .at(-1)!;
    expect(askedBefore(tries[0]!).headers["x-failed-server"]).toBeUndefined();
    expect(askedBefore(tries[1]!).headers["x-failed-server"]).toBe(tries[0]!.origin);
    expect(askedBefore(tries[2]!).headers["x-failed-server"]).toBe(tries[1]!.origin);
    expect(delays).toEqual([RETRY_DELAYS[0], RETRY_DELAYS[1]]);
    expect(attempts.map((error) => [error.message, error.part, error.attempt, error.description, error.status])).toEqual([
      ["Upload failed. Retrying.", 2, 1, "Remaining Retries: 10", 503],
      ["Upload failed. Retrying.", 2, 2, "Remaining Retries: 9", 503],
    ]);
    expect(attempts[0]!.title).toBe("There was an error uploading deck.key (index 0 / part 2)");
  });

  it("makes exactly 11 attempts at a part that always fails, then reports every retry message", async () => {
    const { uploader, delays, attempts } = setup();
    backend.fail({ part: 2, times: Number.POSITIVE_INFINITY });
    const [outcome] = await uploader.upload([{ source: threeParts(), urlPath: "c/deck.key" }]);

    const parts = partRequests(backend.requests, "c/deck.key");
    expect(parts.filter((request) => request.part === 2)).toHaveLength(1 + MAX_RETRIES);
    expect(parts.filter((request) => request.part === 3)).toHaveLength(0);
    expect(balancerCalls()).toHaveLength(1 + 1 + MAX_RETRIES);
    expect(delays).toEqual(RETRY_DELAYS);
    expect(attempts.map((error) => error.message)).toEqual([...Array(10).fill("Upload failed. Retrying."), "Upload failed."]);
    expect(attempts.map((error) => error.description)).toEqual(
      Array.from({ length: 11 }, (_, index) => `Remaining Retries: ${10 - index}`),
    );

    const error = failureOf(outcome, PartFailedError);
    expect(error).toMatchObject({
      message: "All retries failed",
      code: "part-failed",
      isPartFailedError: true,
      fileName: "deck.key",
      fileIndex: 0,
      part: 2,
      parts: 3,
      attempts: 11,
      remainingRetries: 0,
      retriesExhausted: true,
      status: 500,
      groupId: "group-1",
      acknowledgedParts: [1],
      title: "There was an error uploading deck.key (index 0 / part 2)",
      description: "Remaining Retries: 0",
    });
    expect(error.resume).toEqual({ groupId: "group-1", acknowledgedParts: [1] });
  });

  it("gives up at once on a refusal that no retry can fix", async () => {
    const { uploader, attempts } = setup();
    backend.fail({ part: 1, status: 413, times: Number.POSITIVE_INFINITY });
    const [outcome] = await uploader.upload([{ source: threeParts(), urlPath: "c/deck.key" }]);
    expect(partRequests(backend.requests, "c/deck.key")).toHaveLength(1);
    expect(attempts.map((error) => [error.message, error.willRetry])).toEqual([["Upload failed.", false]]);
    expect(outcome).toMatchObject({ ok: false, error: { message: "Upload failed.", retriesExhausted: false, status: 413, attempts: 1 } });
  });

  it("retries a dropped connection and a lost answer; re-sending is harmless", async () => {
    const { uploader, attempts } = setup();
    backend.fail({ part: 1, networkError: true });
    backend.fail({ part: 2, afterStore: true, status: 502 });
    const source = threeParts();
    const [outcome] = await uploader.upload([{ source, urlPath: "c/deck.key" }]);
    expect(outcome!.ok).toBe(true);
    expect(attempts.map((error) => [error.part, error.isNetworkError, error.status])).toEqual([
      [1, true, undefined],
      [2, false, 502],
    ]);
    expect(backend.files.get("c/deck.key")!.sha256).toBe(toHex(await nodeSha256(await source.slice(0, source.size))));
  });

  it("retries a whole small file the same way", async () => {
    const { uploader, attempts } = setup();
    backend.fail({ kind: "upload", times: 3 });
    const [outcome] = await uploader.upload([{ source: fromBytes(new Uint8Array([1, 2, 3]), { name: "a.txt" }), urlPath: "c/a.txt" }]);
    expect(outcome!.ok).toBe(true);
    expect(attempts.map((error) => error.title)).toEqual(Array(3).fill("There was an error uploading a.txt"));
  });

  it("fails without retrying when the file shrinks under it", async () => {
    const { uploader, attempts } = setup();
    const real = threeParts();
    // Claims three parts' worth, but the bytes end inside part 2.
    const shrunk = {
      ...real,
      size: real.size,
      readInto: (target: Uint8Array, position: number) =>
        real.readInto!(target.subarray(0, Math.max(0, CHUNK_SIZE + 10 - position)), position),
    };
    const [outcome] = await uploader.upload([{ source: shrunk, urlPath: "c/deck.key" }]);
    const error = failureOf(outcome, PartFailedError);
    expect(error).toMatchObject({ part: 2, attempts: 0, retriesExhausted: false, message: "Upload failed.", acknowledgedParts: [1] });
    expect(String((error.cause as Error).message)).toMatch(/the file changed/);
    expect(attempts).toEqual([]);
    expect(partRequests(backend.requests, "c/deck.key").map((request) => request.part)).toEqual([1]);
  });

  it("treats an answer without an id as a failed attempt", async () => {
    const { uploader } = setup();
    const { http, HttpResponse } = await import("msw");
    server.use(http.post("http://upload-1.test/api/chunked", () => HttpResponse.json({ url: "x" }), { once: true }));
    const [outcome] = await uploader.upload([{ source: threeParts(), urlPath: "c/deck.key" }]);
    expect(outcome!.ok).toBe(true);
    expect(partRequests(backend.requests, "c/deck.key").filter((request) => request.part === 1)).toHaveLength(1);
  });
});

describe("no servers", () => {
  it.each(["down", "network"] as const)("fails with 'No servers available' when the balancer is %s", async (state) => {
    const { uploader } = setup();
    backend.setBalancer(state);
    const [outcome] = await uploader.upload([{ source: fromBytes(new Uint8Array(10), { name: "a.txt" }), urlPath: "c/a.txt" }]);
    expect(backend.requests.every((request) => request.kind === "balancer")).toBe(true);
    expect(balancerCalls()).toHaveLength(1 + MAX_RETRIES);
    const error = failureOf(outcome, NoServersError);
    expect(error).toMatchObject({
      code: "no-servers",
      isNoServersError: true,
      message: "No servers available. Please try again later.",
      title: "Error",
      description: "No servers available. Please try again later.",
      status: state === "down" ? 503 : undefined,
    });
  });

  it("keeps the group state when the balancer fails in the middle of a file", async () => {
    const { uploader } = setup();
    backend.fail({ kind: "balancer", after: 1, times: Number.POSITIVE_INFINITY, status: 503 });
    const [outcome] = await uploader.upload([{ source: threeParts(), urlPath: "c/deck.key" }]);
    expect(outcome).toMatchObject({ ok: false, error: { code: "no-servers", part: 2, groupId: "group-1", acknowledgedParts: [1] } });
  });
});
