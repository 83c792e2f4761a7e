// The file's SHA-256 is taken while a group's parts arrive (group-hasher.ts): by the server that
// stored part 1, whichever servers take the other parts, with a full pass only as the fallback.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore, issueUploadTicket, type ObjectStore } from "@atelier/storage";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HttpServer as Server } from "../src/http";
import { createUploadServer } from "../src/upload-server";
import { close, listen, sha256Hex, TEST_SECRET } from "./support/cluster";

let sandbox: string;
let store: ObjectStore;
let fullPasses = 0;
const running: Server[] = [];
const internals: unknown[] = [];

// A completing server waits this long for the follower's digest; ample on a busy machine, so
// a slow follower cannot make a test see a full pass, except where a test shortens it.
async function startServer(digestWaitMs = 10_000): Promise<{ url: string; server: Server }> {
  const server = createUploadServer({
    store,
    secret: TEST_SECRET,
    cleanupIntervalMs: 0,
    digestWaitMs,
    onError: (error) => internals.push(error),
  });
  running.push(server);
  return { url: await listen(server), server };
}

// Parts of `size` bytes but the last, each a different byte value so any mix-up shows.
function partsOf(count: number, size: number, last: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => Buffer.alloc(index === count - 1 ? last : size, 0x41 + index));
}

async function sendPart(server: string, urlPath: string, part: number, parts: number, data: Buffer, id?: string) {
  const answer = await fetch(`${server}/api/chunked`, {
    method: "POST",
    body: data.toString("base64"),
    headers: {
      "content-type": "application/octet-stream; charset=utf-8",
      authorization: `Bearer ${issueUploadTicket({ userId: "alice" }, TEST_SECRET, Date.now()).ticket}`,
      urlPath,
      part: String(part),
      parts: String(parts),
      ...(id ? { egnyte_id: id } : {}),
    },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { id: string; url: string; sha256?: string };
}

async function download(url: string): Promise<Buffer> {
  const answer = await fetch(url, {
    headers: { authorization: `Bearer ${issueUploadTicket({ userId: "alice" }, TEST_SECRET, Date.now()).ticket}` },
  });
  return Buffer.from(await answer.arrayBuffer());
}

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "upload-digest-"));
  const fsStore = createFsStore({ root: sandbox });
  const staging = fsStore.staging!;
  // Counts the passes over a whole staging file, which following is there to spare.
  store = {
    ...fsStore,
    staging: {
      ...staging,
      digest: (id) => {
        fullPasses += 1;
        return staging.digest(id);
      },
    },
  };
});

afterEach(async () => {
  for (const server of running.splice(0)) if (server.listening) await close(server);
  fullPasses = 0;
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
  expect(internals).toEqual([]);
});

describe("the digest of a chunked upload", () => {
  it("is ready when the last part lands on the server that follows the group", async () => {
    const [a, b] = [await startServer(), await startServer()];
    const urlPath = `ACME/digest/${randomUUID()}.bin`;
    const parts = partsOf(4, 3000, 1234);
    const { id } = await sendPart(a.url, urlPath, 1, 4, parts[0]!);
    await sendPart(b.url, urlPath, 2, 4, parts[1]!, id);
    await sendPart(b.url, urlPath, 3, 4, parts[2]!, id);
    const done = await sendPart(a.url, urlPath, 4, 4, parts[3]!, id);
    expect(done.sha256).toBe(sha256Hex(Buffer.concat(parts)));
    expect((await download(done.url)).equals(Buffer.concat(parts))).toBe(true);
    expect(fullPasses).toBe(0);
  });

  it("reaches a server completing a group that another server follows, through the store", async () => {
    const [a, b] = [await startServer(), await startServer()];
    const urlPath = `ACME/digest/${randomUUID()}.bin`;
    const parts = partsOf(3, 5000, 1);
    const { id } = await sendPart(a.url, urlPath, 1, 3, parts[0]!);
    await sendPart(b.url, urlPath, 2, 3, parts[1]!, id);
    const done = await sendPart(b.url, urlPath, 3, 3, parts[2]!, id);
    expect(done.sha256).toBe(sha256Hex(Buffer.concat(parts)));
    expect(fullPasses).toBe(0);
  });

  it("is taken in one pass by the completing server when the follower is gone", async () => {
    const [a, b] = [await startServer(), await startServer(300)];
    const urlPath = `ACME/digest/${randomUUID()}.bin`;
    const parts = partsOf(3, 4000, 10);
    const { id } = await sendPart(a.url, urlPath, 1, 3, parts[0]!);
    // As if the machine that stored part 1 went down before the other parts came.
    await close(a.server);
    await sendPart(b.url, urlPath, 2, 3, parts[1]!, id);
    const done = await sendPart(b.url, urlPath, 3, 3, parts[2]!, id);
    expect(done.sha256).toBe(sha256Hex(Buffer.concat(parts)));
    expect((await download(done.url)).equals(Buffer.concat(parts))).toBe(true);
    expect(fullPasses).toBe(1);
  });

  it("covers the bytes first stored for a part: a resend with other bytes is read and dropped", async () => {
    const a = await startServer();
    const urlPath = `ACME/digest/${randomUUID()}.bin`;
    const parts = partsOf(3, 2000, 7);
    const { id } = await sendPart(a.url, urlPath, 1, 3, parts[0]!);
    await sendPart(a.url, urlPath, 2, 3, parts[1]!, id);
    await sendPart(a.url, urlPath, 2, 3, Buffer.alloc(2000, 0x7a), id);
    const done = await sendPart(a.url, urlPath, 3, 3, parts[2]!, id);
    expect(done.sha256).toBe(sha256Hex(Buffer.concat(parts)));
    expect((await download(done.url)).equals(Buffer.concat(parts))).toBe(true);
  });
});
