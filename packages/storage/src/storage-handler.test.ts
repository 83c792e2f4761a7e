import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsStore } from "./fs-store";
import type { ObjectStore } from "./object-store";
import { createStorageHandler, type StorageHandler } from "./storage-handler";
import { createSignedUploadToken } from "./tokens";

const secret = "storage-handler-test-secret";
const origin = "http://127.0.0.1";
let clock = Date.UTC(2026, 5, 1);
let root: string;
let store: ObjectStore;
let handle: StorageHandler;
const internals: unknown[] = [];

function signFor(bucket: string, path: string, userId = "u1") {
  return createSignedUploadToken({ bucket, path, userId }, secret, clock).token;
}

function upload(
  bucket: string,
  path: string,
  body: RequestInit["body"],
  init: { token?: string; headers?: Record<string, string>; method?: string } = {},
) {
  const token = init.token ?? signFor(bucket, path);
  return handle(
    new Request(`${origin}/storage/v1/object/upload/sign/${bucket}/${path}?token=${encodeURIComponent(token)}`, {
      method: init.method ?? "PUT",
      body,
      headers: body instanceof FormData ? { ...init.headers } : { "content-type": "image/jpeg", ...init.headers },
      duplex: "half",
    } as RequestInit),
  );
}

/** A body that starts as a JPEG does: the handler keeps images only. */
const jpeg = (rest: string | Uint8Array) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(rest)]);

function publicGet(bucket: string, path: string, headers: Record<string, string> = {}) {
  return handle(new Request(`${origin}/storage/v1/object/public/${bucket}/${path}`, { headers }));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "storage-handler-"));
  store = createFsStore({ root: join(root, "store") });
  handle = createStorageHandler({ store, secret, now: () => clock, onError: (e) => internals.push(e) });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("signed upload", () => {
  it("stores the body and answers the Supabase shape", async () => {
    const data = jpeg(randomBytes(5000));
    const answer = await upload("avatars", "client/a1.jpg", data);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ Key: "avatars/client/a1.jpg", path: "client/a1.jpg" });
    const got = await publicGet("avatars", "client/a1.jpg");
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(data)).toBe(true);
  });

  it("accepts a multipart form as supabase-js sends Blobs, by POST too", async () => {
    const form = new FormData();
    form.set("cacheControl", "3600");
    form.set("", new Blob([jpeg("blurry")], { type: "image/jpeg" }), "b.jpg");
    const answer = await upload("blur", "p/b.jpg", form, { method: "POST", headers: {} });
    expect(answer.status).toBe(200);
    const got = await publicGet("blur", "p/b.jpg");
    expect(got.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await got.arrayBuffer()).equals(jpeg("blurry"))).toBe(true);
  });

  it("keeps images only, typed by their bytes, whatever type the sender declares", async () => {
    for (const body of ["<html><script>alert(1)</script>", "<svg onload=alert(1)>", ""]) {
      const answer = await upload("thumbnails", "t/fake.png", body, { headers: { "content-type": "image/png" } });
      expect(answer.status).toBe(415);
    }
    expect(await store.stat("thumbnails/t/fake.png")).toBeNull();
    expect((await upload("thumbnails", "t/real.png", jpeg("x"), { headers: { "content-type": "text/html" } })).status).toBe(200);
    expect((await publicGet("thumbnails", "t/real.png")).headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses to overwrite unless x-upsert is true", async () => {
    await upload("thumbnails", "t/1.jpg", jpeg("one"));
    const again = await upload("thumbnails", "t/1.jpg", jpeg("two"));
    expect(again.status).toBe(409);
    const upsert = await upload("thumbnails", "t/1.jpg", jpeg("two"), { headers: { "x-upsert": "true" } });
    expect(upsert.status).toBe(200);
    expect((await (await publicGet("thumbnails", "t/1.jpg")).text()).endsWith("two")).toBe(true);
  });

  it.each([
    ["a token for another path", () => upload("avatars", "x/1.jpg", "x", { token: signFor("avatars", "x/2.jpg") }), 403],
    ["a token for another bucket", () => upload("avatars", "x/1.jpg", "x", { token: signFor("blur", "x/1.jpg") }), 403],
    ["a forged token", () => upload("avatars", "x/1.jpg", "x", { token: "v1.e30.AAAA" }), 401],
    ["no token", () => handle(new Request(`${origin}/storage/v1/object/upload/sign/avatars/x/1.jpg`, { method: "PUT", body: "x" })), 401],
    ["a bucket that is not allowed", () => upload("secrets", "x/1.jpg", "x"), 400],
    ["a dot-dot path hidden by encoded slashes", () => upload("avatars", "x%2F..%2F..%2F1.jpg", "x"), 400],
    ["an encoded NUL", () => upload("avatars", "x/a%00b.jpg", "x"), 400],
    ["a GET on the upload route", () => handle(new Request(`${origin}/storage/v1/object/upload/sign/avatars/x.jpg`)), 405],
    ["an unknown route", () => handle(new Request(`${origin}/storage/v1/bucket`)), 404],
  ])("refuses %s", async (_label, send, status) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    const body = (await answer.json()) as { statusCode: number; error: string; message: string };
    expect(body.statusCode).toBe(status);
    expect(typeof body.error).toBe("string");
    expect(typeof body.message).toBe("string");
    expect(await store.stat("avatars/x/1.jpg")).toBeNull();
  });

  it("refuses an expired token", async () => {
    const token = signFor("avatars", "late/1.jpg");
    clock += 2 * 60 * 60 * 1000;
    const answer = await upload("avatars", "late/1.jpg", "x", { token });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { message: string }).message).toMatch(/expired/);
  });

  it("refuses an oversized body with 413 and publishes nothing", async () => {
    const big = new Uint8Array(10_526_317);
    const declared = await upload("avatars", "huge/1.jpg", big);
    expect(declared.status).toBe(413);
    // Without a length the limit has to trip while streaming.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 11; i += 1) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const streamed = await upload("avatars", "huge/2.jpg", stream);
    expect(streamed.status).toBe(413);
    expect(await store.stat("avatars/huge/1.jpg")).toBeNull();
    expect(await store.stat("avatars/huge/2.jpg")).toBeNull();
    // No staged bytes left behind (the staging folder may not exist at all when no upload ran before this one).
    expect(await readdir(join(root, "store", "tmp")).catch(() => [])).toEqual([]);
  });
});

describe("public GET", () => {
  const data = randomBytes(4096);
  beforeAll(async () => {
    await store.put("thumbnails/pub/img.png", data, { contentType: "image/png" });
    await store.put("thumbnails/pub/page.html", "<script>alert(1)</script>", { contentType: "text/html" });
    await store.put("thumbnails/pub/pic.svg", "<svg/>", { contentType: "image/svg+xml" });
  });

  it("serves type, cache control, etag and length", async () => {
    const answer = await publicGet("thumbnails", "pub/img.png");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("cache-control")).toBe("max-age=3600");
    expect(answer.headers.get("etag")).toMatch(/^".+"$/);
    expect(answer.headers.get("content-length")).toBe("4096");
    expect(answer.headers.get("content-disposition")).toBeNull();
    const digest = createHash("sha256")
      .update(Buffer.from(await answer.arrayBuffer()))
      .digest("hex");
    expect(digest).toBe(createHash("sha256").update(data).digest("hex"));
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const etag = (await publicGet("thumbnails", "pub/img.png")).headers.get("etag") ?? "";
    const again = await publicGet("thumbnails", "pub/img.png", { "if-none-match": `W/${etag}, "other"` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it.each([
    ["bytes=0-9", 206, 0, 9],
    ["bytes=4000-", 206, 4000, 4095],
    ["bytes=-96", 206, 4000, 4095],
    ["bytes=100-99999", 206, 100, 4095],
  ])("serves Range %s", async (range, status, start, end) => {
    const answer = await publicGet("thumbnails", "pub/img.png", { range });
    expect(answer.status).toBe(status);
    expect(answer.headers.get("content-range")).toBe(`bytes ${start}-${end}/4096`);
    expect(Buffer.from(await answer.arrayBuffer()).equals(data.subarray(start, end + 1))).toBe(true);
  });

  it("answers 416 to a range past the end", async () => {
    const answer = await publicGet("thumbnails", "pub/img.png", { range: "bytes=5000-" });
    expect(answer.status).toBe(416);
    expect(answer.headers.get("content-range")).toBe("bytes */4096");
  });

  it.each(["pub/page.html", "pub/pic.svg"])("serves %s as an attachment with nosniff", async (path) => {
    const answer = await publicGet("thumbnails", path);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers 404 JSON for a missing object", async () => {
    const answer = await publicGet("thumbnails", "pub/missing.png");
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });

  it("hides the cause of an internal failure", async () => {
    const failing: ObjectStore = {
      ...store,
      stat: () => Promise.reject(new Error(`EACCES: permission denied, open '${root}/secret'`)),
    };
    const broken = createStorageHandler({ store: failing, secret, onError: (e) => internals.push(e) });
    const answer = await broken(new Request(`${origin}/storage/v1/object/public/avatars/a.jpg`));
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(text).not.toContain(root);
    expect(JSON.parse(text)).toEqual({ statusCode: 500, error: "Internal Server Error", message: "Internal server error" });
    expect(internals.length).toBeGreaterThan(0);
  });
});
