// The fake backend refuses what the real servers refuse.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { encodeBase64 } from "../base64";
import { CHUNK_SIZE } from "../constants";
import { nodeSha256 } from "../node";
import { toHex } from "../sha256";
import { createUploadBackend } from "./upload-backend";

const backend = createUploadBackend({ sha256: nodeSha256, authorization: "Bearer t" });
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => backend.reset());
afterAll(() => server.close());

const base = { authorization: "Bearer t", "content-type": "text/plain; charset=utf-8", urlPath: "c/a.txt" };
const body = (bytes: Uint8Array) => encodeBase64(bytes);
const post = (path: string, headers: Record<string, string>, payload: string | Uint8Array<ArrayBuffer>) =>
  fetch(`http://upload-1.test${path}`, { method: "POST", headers, body: payload });

describe("the fake upload backend", () => {
  it.each<[string, Record<string, string>, string | Uint8Array<ArrayBuffer>, number]>([
    ["no ticket", { ...base, authorization: "Bearer x" }, body(new Uint8Array(3)), 401],
    ["no charset", { ...base, "content-type": "text/plain" }, body(new Uint8Array(3)), 400],
    ["no urlPath", { authorization: "Bearer t", "content-type": "text/plain; charset=utf-8" }, body(new Uint8Array(3)), 400],
    ["invalid base64", base, "abc!", 400],
    ["base64 with a newline", base, "YWJj\nZGVm", 400],
    ["a wrong sha256", { ...base, "x-content-sha256": "00".repeat(32) }, body(new Uint8Array(3)), 422],
  ])("refuses a single upload with %s", async (_, headers, payload, status) => {
    expect((await post("/api/upload", headers, payload)).status).toBe(status);
  });

  it("accepts a matching sha256 and answers the stored file", async () => {
    const bytes = new TextEncoder().encode("hello");
    const sha = toHex(await nodeSha256(bytes));
    const response = await post("/api/upload", { ...base, "x-content-sha256": sha }, body(bytes));
    expect(await response.json()).toEqual({ group_id: "file-1", url: "http://upload-1.test/files/c/a.txt", sha256: sha });
  });

  it.each<[string, Record<string, string>, number]>([
    ["part 0", { part: "0", parts: "2" }, 400],
    ["part 01", { part: "01", parts: "2" }, 400],
    ["part 1.5", { part: "1.5", parts: "2" }, 400],
    ["part beyond parts", { part: "3", parts: "2" }, 400],
    ["more than 512 parts", { part: "1", parts: "513" }, 413],
    ["an unknown egnyte_id", { part: "2", parts: "2", egnyte_id: "nope" }, 404],
    ["an egnyte_id on part 1", { part: "1", parts: "2", egnyte_id: "x" }, 400],
    ["a short middle part", { part: "1", parts: "3" }, 400],
  ])("refuses a part with %s", async (_, headers, status) => {
    expect((await post("/api/chunked", { ...base, ...headers }, body(new Uint8Array(5)))).status).toBe(status);
  });

  it("refuses a last part before the others and a part count that changes", async () => {
    const opened = await post("/api/chunked", { ...base, part: "1", parts: "3" }, body(new Uint8Array(CHUNK_SIZE)));
    const { id } = (await opened.json()) as { id: string };
    expect((await post("/api/chunked", { ...base, part: "3", parts: "3", egnyte_id: id }, body(new Uint8Array(1)))).status).toBe(409);
    expect((await post("/api/chunked", { ...base, part: "2", parts: "4", egnyte_id: id }, body(new Uint8Array(CHUNK_SIZE)))).status).toBe(
      409,
    );
    const status = await fetch(`http://upload-2.test/api/chunked/${id}`, { headers: { authorization: "Bearer t" } });
    expect(await status.json()).toEqual({ id, parts: 3, received: [1] });
  });
});
