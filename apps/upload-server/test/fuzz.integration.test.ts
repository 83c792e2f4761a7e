import { mkdtemp, readdir, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore, issueUploadTicket } from "@atelier/storage";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { HttpServer as Server } from "../src/http";
import { createUploadServer } from "../src/upload-server";
import { close, listen, TEST_SECRET } from "./support/cluster";

const REQUESTS = 3000;
const CONCURRENCY = 16;

// A seeded generator, so a failing run can be replayed by its seed.
function prng(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const text = (max: number, alphabet: string) => Array.from({ length: int(max) }, () => alphabet[int(alphabet.length)]).join("");
  return { next, int, pick, text };
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
const NASTY_PATHS = [
  "..",
  "../x",
  "/etc/passwd",
  "C:\\x",
  "\\\\srv\\s",
  "a/%00/b",
  "a/%2e%2e/b",
  "a//b",
  ".",
  "%",
  "%zz",
  "a/./b",
  "x".repeat(3000),
  "ok/file.bin",
  "ACME/ACME/MATERIALS/f.psd",
];

let sandbox: string;
let server: Server;
let base: string;
const internals: unknown[] = [];

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "upload-fuzz-"));
  server = createUploadServer({
    store: createFsStore({ root: join(sandbox, "store") }),
    secret: TEST_SECRET,
    cleanupIntervalMs: 0,
    onError: (error) => internals.push(error),
  });
  base = await listen(server);
});

afterAll(async () => {
  await close(server);
  await rm(sandbox, { recursive: true, force: true });
});

it(`survives ${REQUESTS} random requests with 4xx JSON errors and nothing outside the store`, async () => {
  const seed = 20261122;
  const random = prng(seed);
  const ticket = issueUploadTicket({ userId: "fuzzer" }, TEST_SECRET, Date.now()).ticket;
  const groups: string[] = [];
  const failures: string[] = [];

  async function one(index: number): Promise<void> {
    const method = random.pick(["GET", "POST", "POST", "POST", "PUT", "DELETE", "OPTIONS", "HEAD"]);
    const path = random.pick([
      "/api/upload",
      "/api/chunked",
      "/api/chunked",
      `/api/chunked/${random.pick([...groups, "x", "../..", crypto.randomUUID()])}`,
      `/files/${encodeURIComponent(random.pick(NASTY_PATHS))}`,
      "/health",
      `/${random.text(20, PRINTABLE.replace(/[#?%\\ ]/g, ""))}`,
    ]);
    const headers: Record<string, string> = {};
    const auth = random.int(10);
    if (auth < 7) headers.authorization = `Bearer ${ticket}`;
    else if (auth < 9) headers.authorization = `Bearer ${random.text(80, BASE64)}`;
    if (random.next() < 0.9) headers.urlPath = random.next() < 0.5 ? random.pick(NASTY_PATHS) : random.text(60, PRINTABLE).trim();
    if (random.next() < 0.8) headers.part = random.pick(["1", "2", "0", "-1", "1.5", "01", "513", "x", "", String(random.int(600))]);
    if (random.next() < 0.8) headers.parts = random.pick(["1", "2", "3", "0", "513", "99999999999", "abc", String(random.int(600))]);
    if (random.next() < 0.5) headers.egnyte_id = random.pick([...groups, "", "nope", crypto.randomUUID()]);
    if (random.next() < 0.2) headers["x-content-sha256"] = random.text(70, "0123456789abcdef");
    if (random.next() < 0.2) headers["content-type"] = random.text(40, PRINTABLE).trim();
    const hasBody = method === "POST" || method === "PUT" || method === "DELETE";
    const body = hasBody ? (random.next() < 0.6 ? random.text(2000, BASE64) : random.text(500, PRINTABLE)) : undefined;
    let answer: Response;
    try {
      answer = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    } catch (error) {
      failures.push(`#${index} ${method} ${path}: no answer (${String(error)})`);
      return;
    }
    const text = await answer.text();
    if (answer.status >= 500) failures.push(`#${index} ${method} ${path}: ${answer.status} ${text}`);
    if (answer.status >= 400 && method !== "HEAD") {
      try {
        const parsed = JSON.parse(text) as { statusCode?: unknown; error?: unknown; message?: unknown };
        if (parsed.statusCode !== answer.status || typeof parsed.error !== "string" || typeof parsed.message !== "string") {
          failures.push(`#${index} ${method} ${path}: bad error shape ${text}`);
        }
      } catch {
        failures.push(`#${index} ${method} ${path}: non-JSON error ${answer.status} ${text.slice(0, 80)}`);
      }
    }
    if (answer.status === 200 && path === "/api/chunked") {
      const id = (JSON.parse(text) as { id?: string }).id;
      if (id) groups.push(id);
    }
  }

  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) await one(next++);
    }),
  );

  expect(failures.slice(0, 10)).toEqual([]);
  expect(internals).toEqual([]);
  expect((await fetch(`${base}/health`)).status).toBe(200);
  expect(await readdir(sandbox)).toEqual(["store"]);
  // Every stored file resolves inside the store, whatever the fuzzer asked for.
  const root = await realpath(join(sandbox, "store"));
  for (const entry of await readdir(root, { recursive: true })) {
    expect((await realpath(join(root, entry))).startsWith(`${root}/`)).toBe(true);
  }
});
