import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFileDeleteToken, createFsStore, createSignedDownloadToken, issueUploadTicket } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpServer as Server } from "../src/http";
import { createUploadServer } from "../src/upload-server";
import { close, listen, patternBytes, sha256Hex, TEST_SECRET } from "./support/cluster";
import { type RawAnswer, rawRequest } from "./support/raw";

const MiB = 1024 * 1024;
let sandbox: string;
let storeRoot: string;
let server: Server;
let base: string;
let clock = Date.UTC(2026, 3, 1);
const internals: unknown[] = [];

const ticketFor = (userId = "alice") => issueUploadTicket({ userId }, TEST_SECRET, clock).ticket;
const b64 = (data: Buffer | string) => Buffer.from(data).toString("base64");

async function post(path: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/octet-stream; charset=utf-8", authorization: `Bearer ${ticketFor()}`, ...headers },
  });
}

async function openGroup(parts: number, userId = "alice", urlPath = `ACME/bad/${randomUUID()}.bin`): Promise<string> {
  const answer = await post("/api/chunked", b64("part one"), {
    urlPath,
    part: "1",
    parts: String(parts),
    authorization: `Bearer ${ticketFor(userId)}`,
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

async function expectJsonError(answer: Response, status: number): Promise<void> {
  expect(answer.status).toBe(status);
  const body = (await answer.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: status });
  expect(typeof body.error).toBe("string");
  expect(typeof body.message).toBe("string");
}

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files the store holds now. Other tests store files of their own: a refusal is checked to add none. */
const storedFiles = async () => (await filesUnder(join(storeRoot, "objects", "files")).catch(() => [])).sort();

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "upload-bad-"));
  storeRoot = join(sandbox, "store");
  server = createUploadServer({
    store: createFsStore({ root: storeRoot }),
    secret: TEST_SECRET,
    now: () => clock,
    cleanupIntervalMs: 0,
    onError: (error) => internals.push(error),
  });
  base = await listen(server);
});

afterAll(async () => {
  await close(server);
  try {
    // Nothing may have been written beside the store root, and no 500 hid a bug.
    expect(await readdir(sandbox)).toEqual(["store"]);
    expect(internals).toEqual([]);
  } finally {
    await rm(sandbox, { recursive: true, force: true });
  }
});

describe("refused requests answer a 4xx JSON error and store nothing", () => {
  const single =
    (headers: Record<string, string>, body = b64("hello")) =>
    () =>
      post("/api/upload", body, { urlPath: "ACME/bad/x.txt", ...headers });
  const part =
    (headers: Record<string, string>, body = b64("hello")) =>
    () =>
      post("/api/chunked", body, { urlPath: "ACME/bad/x.txt", part: "1", parts: "2", ...headers });

  it.each([
    ["invalid base64", single({}, "not*base64!"), 400],
    ["padding in the middle", single({}, "QQ==QUFB"), 400],
    ["a truncated quartet", single({}, "QUFBQ"), 400],
    ["part 0", part({ part: "0" }), 400],
    ["part -1", part({ part: "-1" }), 400],
    ["part 1.5", part({ part: "1.5" }), 400],
    ["part '01'", part({ part: "01" }), 400],
    ["part > parts", part({ part: "3", parts: "2" }), 400],
    ["a missing parts header", part({ parts: "" }), 400],
    ["more than 512 parts", part({ parts: "513" }), 413],
    ["a declared size over 5 GiB", part({ "x-file-size": String(5 * 1024 * MiB + 1) }), 413],
    ["part 2 without egnyte_id", part({ part: "2" }), 400],
    ["an unknown egnyte_id", part({ part: "2", egnyte_id: randomUUID() }), 404],
    ["a malformed egnyte_id", part({ part: "2", egnyte_id: "../../etc" }), 404],
    ["no ticket", single({ authorization: "" }), 401],
    ["a forged ticket", single({ authorization: "Bearer v1.eyJrIjoidGlja2V0In0.AAAA" }), 401],
    [
      "a ticket signed with another secret",
      single({ authorization: `Bearer ${issueUploadTicket({ userId: "x" }, "another-secret-of-length", clock).ticket}` }),
      401,
    ],
    [
      "a ticket for another folder (single)",
      single({ authorization: `Bearer ${issueUploadTicket({ userId: "alice", pathPrefix: "GLOBEX/Proj" }, TEST_SECRET, clock).ticket}` }),
      403,
    ],
    [
      "a ticket for another folder (part)",
      part({ authorization: `Bearer ${issueUploadTicket({ userId: "alice", pathPrefix: "ACME/ba" }, TEST_SECRET, clock).ticket}` }),
      403,
    ],
    ["urlPath with ..", single({ urlPath: "ACME/../../etc/passwd" }), 400],
    ["urlPath with encoded ..", single({ urlPath: "ACME/%2e%2e/x" }), 400],
    ["an absolute urlPath", single({ urlPath: "/etc/passwd" }), 400],
    ["a Windows drive urlPath", single({ urlPath: "C:\\x" }), 400],
    ["urlPath with NUL", single({ urlPath: "ACME/a%00b" }), 400],
    ["a 2 KB urlPath", single({ urlPath: `ACME/${"a".repeat(2048)}` }), 400],
    ["a missing urlPath", single({ urlPath: "" }), 400],
    ["a wrong x-content-sha256", single({ "x-content-sha256": sha256Hex(Buffer.from("other")) }), 422],
    ["a malformed x-content-sha256", single({ "x-content-sha256": "abc" }), 400],
    ["a wrong x-content-sha256 (part)", part({ "x-content-sha256": sha256Hex(Buffer.from("other")) }), 422],
    ["a malformed x-content-sha256 (part)", part({ "x-content-sha256": "abc" }), 400],
    ["a GET on /api/upload", () => fetch(`${base}/api/upload`), 405],
    ["an unknown route", () => fetch(`${base}/admin`), 404],
  ])("%s", async (_label, send, status) => {
    const before = await storedFiles();
    await expectJsonError(await send(), status);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an oversized single upload with 413", async () => {
    const before = await storedFiles();
    await expectJsonError(await post("/api/upload", b64(patternBytes(10 * MiB + 1)), { urlPath: "ACME/bad/big.bin" }), 413);
    await expectJsonError(
      await post("/api/chunked", b64(patternBytes(10 * MiB + 1)), { urlPath: "ACME/bad/big.bin", part: "1", parts: "2" }),
      413,
    );
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a declared oversized body before reading it", async () => {
    const answer = (await rawRequest(`${base}/api/upload`, {
      headers: { authorization: `Bearer ${ticketFor()}`, urlPath: "ACME/bad/huge.bin", "content-length": 1024 * MiB },
      endBody: false,
    })) as RawAnswer;
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 413 });
  });

  it("stores nothing from a truncated body and keeps answering", async () => {
    const before = await storedFiles();
    await rawRequest(`${base}/api/upload`, {
      headers: { authorization: `Bearer ${ticketFor()}`, urlPath: "ACME/bad/truncated.bin", "content-length": 4000 },
      body: "QUFB".repeat(100),
      abortAfterWrite: true,
    });
    // The server notices the reset and cleans its temporary file; wait for that, not for a clock.
    while ((await readdir(join(storeRoot, "tmp")).catch(() => [])).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await storedFiles()).toEqual(before);
  });
});

describe("groups", () => {
  it("refuses a change of parts within a group", async () => {
    const id = await openGroup(3);
    await expectJsonError(await post("/api/chunked", b64("two"), { urlPath: "x/y", part: "2", parts: "3", egnyte_id: id }), 400);
  });

  it("answers 404 for another user’s group and writes nothing", async () => {
    const urlPath = `ACME/bad/${randomUUID()}.bin`;
    const id = await openGroup(2, "bob", urlPath);
    const before = await filesUnder(storeRoot);
    await expectJsonError(await post("/api/chunked", b64("mine now"), { urlPath, part: "2", parts: "2", egnyte_id: id }), 404);
    await expectJsonError(await fetch(`${base}/api/chunked/${id}`, { headers: { authorization: `Bearer ${ticketFor()}` } }), 404);
    expect((await filesUnder(storeRoot)).sort()).toEqual(before.sort());
  });

  it("answers 404 for an expired group", async () => {
    const urlPath = `ACME/bad/${randomUUID()}.bin`;
    const id = await openGroup(2, "alice", urlPath);
    // A day later, for this test only: the tickets other tests made on the clock as it was must stay valid.
    const today = clock;
    clock += 24 * 60 * 60 * 1000;
    try {
      await expectJsonError(await post("/api/chunked", b64("late"), { urlPath, part: "2", parts: "2", egnyte_id: id }), 404);
    } finally {
      clock = today;
    }
  });

  it("checks a part against x-content-sha256 only when the header is sent", async () => {
    const urlPath = `ACME/bad/${randomUUID()}.bin`;
    const id = await openGroup(3, "alice", urlPath);
    const send = (part: string, data: string, headers: Record<string, string> = {}) =>
      post("/api/chunked", b64(data), { urlPath, part, parts: "3", egnyte_id: id, ...headers });
    await expectJsonError(await send("2", "-part 2-", { "x-content-sha256": sha256Hex(Buffer.from("-part 3-")) }), 422);
    const status = await fetch(`${base}/api/chunked/${id}`, { headers: { authorization: `Bearer ${ticketFor()}` } });
    expect(await status.json()).toEqual({ id, parts: 3, received: [1] });
    expect((await send("2", "-part 2-", { "x-content-sha256": sha256Hex(Buffer.from("-part 2-")).toUpperCase() })).status).toBe(200);
    const done = await send("3", "three");
    expect(done.status).toBe(200);
    expect(((await done.json()) as { sha256: string }).sha256).toBe(sha256Hex(Buffer.from("part one-part 2-three")));
  });

  it("reports which parts a group holds, for resuming", async () => {
    const urlPath = `ACME/bad/${randomUUID()}.bin`;
    const id = await openGroup(3, "alice", urlPath);
    expect((await post("/api/chunked", b64("three"), { urlPath, part: "3", parts: "3", egnyte_id: id })).status).toBe(200);
    const status = await fetch(`${base}/api/chunked/${id}`, { headers: { authorization: `Bearer ${ticketFor()}` } });
    expect(await status.json()).toEqual({ id, parts: 3, received: [1, 3] });
    // Every part but the last is as long as part 1.
    await expectJsonError(await post("/api/chunked", b64("two"), { urlPath, part: "2", parts: "3", egnyte_id: id }), 400);
    const done = await post("/api/chunked", b64("-part 2-"), { urlPath, part: "2", parts: "3", egnyte_id: id });
    const answer = (await done.json()) as { sha256: string; url: string };
    expect(answer.sha256).toBe(sha256Hex(Buffer.from("part one-part 2-three")));
    const file = await fetch(answer.url, { headers: { authorization: `Bearer ${ticketFor()}` } });
    expect(await file.text()).toBe("part one-part 2-three");
    // A retry after completion is answered from the completion record, idempotently.
    const again = await post("/api/chunked", b64("-part 2-"), { urlPath, part: "2", parts: "3", egnyte_id: id });
    expect(await again.json()).toMatchObject({ id, part: 2, sha256: answer.sha256, url: answer.url });
  });
});

describe("downloads", () => {
  async function uploadAs(name: string, type: string, content: string): Promise<string> {
    const answer = await post("/api/upload", b64(content), { urlPath: `ACME/dl/${name}`, "content-type": `${type}; charset=utf-8` });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { url: string }).url;
  }

  it.each([
    ["page.html", "text/html"],
    ["pic.svg", "image/svg+xml"],
  ])("serves %s as an attachment with nosniff", async (name, type) => {
    const url = await uploadAs(name, type, "<script>alert(1)</script>");
    const answer = await fetch(url, { headers: { authorization: `Bearer ${ticketFor()}` } });
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-type")).toBe(type);
  });

  it("needs a ticket or a signed link for that very path, and serves ranges", async () => {
    const url = await uploadAs("data.txt", "text/plain", "0123456789");
    await expectJsonError(await fetch(url), 401);
    const other = createSignedDownloadToken({ path: "ACME/dl/other.txt", userId: "alice" }, TEST_SECRET, clock).token;
    await expectJsonError(await fetch(`${url}?token=${other}`), 401);
    const mine = createSignedDownloadToken({ path: "ACME/dl/data.txt", userId: "alice" }, TEST_SECRET, clock).token;
    // A ticket limited to another folder reads nothing here; one for this folder does.
    const elsewhere = issueUploadTicket({ userId: "alice", pathPrefix: "GLOBEX" }, TEST_SECRET, clock).ticket;
    await expectJsonError(await fetch(url, { headers: { authorization: `Bearer ${elsewhere}` } }), 403);
    const here = issueUploadTicket({ userId: "alice", pathPrefix: "ACME/dl" }, TEST_SECRET, clock).ticket;
    expect((await fetch(url, { headers: { authorization: `Bearer ${here}` } })).status).toBe(200);
    const ranged = await fetch(`${url}?token=${mine}`, { headers: { range: "bytes=2-4" } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe("234");
    const etag = ranged.headers.get("etag") ?? "";
    const cached = await fetch(`${url}?token=${mine}`, { headers: { "if-none-match": etag } });
    expect(cached.status).toBe(304);
  });
});

describe("deleting a file", () => {
  it("needs a delete token for that very file, then removes it; a ticket or a download link will not do", async () => {
    const answer = await post("/api/upload", b64("to be removed"), { urlPath: "ACME/del/gone.txt" });
    const url = ((await answer.json()) as { url: string }).url;
    const remove = (token?: string, headers: Record<string, string> = {}) =>
      fetch(token === undefined ? url : `${url}?token=${encodeURIComponent(token)}`, { method: "DELETE", headers });
    const deleteToken = (path: string, now = clock) => createFileDeleteToken({ path, userId: "alice" }, TEST_SECRET, now).token;
    await expectJsonError(await remove(undefined, { authorization: `Bearer ${ticketFor()}` }), 401);
    await expectJsonError(
      await remove(createSignedDownloadToken({ path: "ACME/del/gone.txt", userId: "alice" }, TEST_SECRET, clock).token),
      401,
    );
    await expectJsonError(await remove(deleteToken("ACME/del/other.txt")), 403);
    await expectJsonError(await remove(deleteToken("ACME/del/gone.txt", clock - 10 * 60 * 1000)), 401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${ticketFor()}` } })).status).toBe(200);
    // Someone who did not store it may not delete it, unless the token carries the studio's leave.
    const bobs = (path: string, anyOwner: boolean) => createFileDeleteToken({ path, userId: "bob", anyOwner }, TEST_SECRET, clock).token;
    await expectJsonError(await remove(bobs("ACME/del/gone.txt", false)), 403);
    const studios = ((await (await post("/api/upload", b64("the studio's"), { urlPath: "ACME/del/studio.txt" })).json()) as { url: string })
      .url;
    expect((await fetch(`${studios}?token=${encodeURIComponent(bobs("ACME/del/studio.txt", true))}`, { method: "DELETE" })).status).toBe(
      204,
    );
    const removed = await remove(deleteToken("ACME/del/gone.txt"));
    expect(removed.status).toBe(204);
    await expectJsonError(await fetch(url, { headers: { authorization: `Bearer ${ticketFor()}` } }), 404);
    await expectJsonError(await remove(deleteToken("ACME/del/gone.txt")), 404);
  });
});

describe("CORS", () => {
  it("allows the configured web origin only", async () => {
    const cors = createUploadServer({
      store: createFsStore({ root: storeRoot }),
      secret: TEST_SECRET,
      webOrigin: "http://app.test",
      cleanupIntervalMs: 0,
    });
    const url = await listen(cors);
    try {
      const allowed = await fetch(`${url}/api/upload`, {
        method: "OPTIONS",
        headers: { origin: "http://app.test", "access-control-request-method": "POST" },
      });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get("access-control-allow-origin")).toBe("http://app.test");
      expect(allowed.headers.get("access-control-allow-headers")).toContain("egnyte_id");
      const refused = await fetch(`${url}/api/upload`, { method: "OPTIONS", headers: { origin: "http://evil.test" } });
      expect(refused.status).toBe(403);
      const health = await fetch(`${url}/health`, { headers: { origin: "http://evil.test" } });
      expect(health.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await close(cors);
    }
  });
});
