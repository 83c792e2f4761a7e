import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFsStore } from "./fs-store";
import { isObjectExistsError } from "./object-store";
import { describeObjectStoreContract } from "./testing/store-contract";

describeObjectStoreContract("filesystem", async () => {
  const root = await mkdtemp(join(tmpdir(), "fs-store-"));
  return { store: createFsStore({ root }), close: () => rm(root, { recursive: true, force: true }) };
});

describe("filesystem driver specifics", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "fs-store-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("leaves no temporary file behind after a failed write", async () => {
    const store = createFsStore({ root });
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(1024);
      throw new Error("boom");
    }
    await expect(store.put("x/y", failing())).rejects.toThrow("boom");
    expect(await readdir(join(root, "tmp"))).toEqual([]);
  });

  it("takes the parts of one staging file written at once, a failing one among them, byte for byte", async () => {
    const store = createFsStore({ root });
    const staging = store.staging!;
    const PART = 256 * 1024;
    const expected = randomBytes(8 * PART);
    // Each part arrives in pieces with pauses between them, as a request body does, so the writes interleave.
    async function* pieces(part: Buffer): AsyncGenerator<Buffer> {
      for (let at = 0; at < part.length; at += 40_000) {
        await new Promise((resolve) => setImmediate(resolve));
        yield part.subarray(at, at + 40_000);
      }
    }
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(1000);
      throw new Error("connection lost");
    }
    const writes = Array.from({ length: 8 }, (_, index) =>
      staging.write("groups/h/data", index * PART, pieces(expected.subarray(index * PART, (index + 1) * PART))),
    );
    const [failed, ...written] = await Promise.allSettled([staging.write("groups/h/data", 8 * PART, failing()), ...writes]);
    expect(failed?.status).toBe("rejected");
    expect(written.map((result) => (result.status === "fulfilled" ? result.value : -1))).toEqual(Array(8).fill(PART));
    await staging.truncate("groups/h/data", 8 * PART);
    expect(await staging.digest("groups/h/data")).toEqual({ sha256: createHash("sha256").update(expected).digest("hex"), size: 8 * PART });
  });

  it("assembles a staging file from out-of-order positional writes and publishes it in one rename", async () => {
    const store = createFsStore({ root });
    const staging = store.staging!;
    expect(await staging.write("groups/g/data", 6, "world!")).toBe(6);
    expect(await staging.write("groups/g/data", 0, "hello ")).toBe(6);
    // A longer failed attempt leaves a tail that truncate removes.
    await staging.write("groups/g/data", 12, "garbage");
    await staging.truncate("groups/g/data", 12);
    expect(await staging.digest("groups/g/data")).toEqual({
      sha256: createHash("sha256").update("hello world!").digest("hex"),
      size: 12,
    });
    expect(await store.stat("files/hello.txt")).toBeNull();
    const info = await staging.publish("groups/g/data", "files/hello.txt", { contentType: "text/plain" });
    expect(info).toMatchObject({ size: 12, contentType: "text/plain" });
    const read = await store.get("files/hello.txt");
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("hello world!");
    expect(await staging.publish("groups/g/data", "files/other.txt")).toBeNull();
    expect(await staging.digest("groups/g/data")).toBeNull();
    await expect(staging.write("../escape", 0, "x")).rejects.toThrow("Invalid path");
    expect(await readdir(join(root, "staging"))).toEqual([]);
  });

  it("digests a staging file larger than its read buffers", async () => {
    const staging = createFsStore({ root }).staging!;
    const data = randomBytes(2 * 1024 * 1024 + 4097);
    await staging.write("groups/g/data", 0, data);
    expect(await staging.digest("groups/g/data")).toEqual({
      sha256: createHash("sha256").update(data).digest("hex"),
      size: data.length,
    });
  });

  it("reads byte ranges of a staging file in order, shorter at its end, none once it is gone", async () => {
    const staging = createFsStore({ root }).staging!;
    const data = randomBytes(3 * 1024 * 1024 + 17);
    await staging.write("groups/g/data", 0, data);
    const range = async (start: number, end: number) => {
      const chunks: Buffer[] = [];
      // The views share reused buffers, so each is copied while it is valid.
      const size = await staging.read("groups/g/data", start, end, (bytes) => chunks.push(Buffer.from(bytes)));
      return { size, bytes: Buffer.concat(chunks) };
    };
    const middle = await range(1024 * 1024 - 5, 2 * 1024 * 1024 + 9);
    expect(middle.size).toBe(1024 * 1024 + 14);
    expect(middle.bytes.equals(data.subarray(1024 * 1024 - 5, 2 * 1024 * 1024 + 9))).toBe(true);
    const tail = await range(data.length - 10, data.length + 100);
    expect(tail.size).toBe(10);
    expect(tail.bytes.equals(data.subarray(data.length - 10))).toBe(true);
    expect((await range(5, 5)).size).toBe(0);
    await staging.delete("groups/g/data");
    expect(await staging.read("groups/g/data", 0, 10, () => undefined)).toBeNull();
  });

  it("reads a staging file through the caller's own buffers, at their size", async () => {
    const staging = createFsStore({ root }).staging!;
    const data = randomBytes(10 * 1000 + 7);
    await staging.write("groups/g/data", 0, data);
    const scratch = [Buffer.alloc(1000), Buffer.alloc(1000)] as const;
    const views: Buffer[] = [];
    const size = await staging.read("groups/g/data", 3, data.length, (bytes) => views.push(bytes), scratch);
    expect(size).toBe(data.length - 3);
    expect(views.map((view) => view.length)).toEqual([...Array(10).fill(1000), 4]);
    // Every view lies in one of the two buffers given.
    expect(views.every((view) => view.buffer === scratch[0].buffer || view.buffer === scratch[1].buffer)).toBe(true);
  });

  it("publishes a staging file only where no object is, keeping it for another key when refused", async () => {
    const store = createFsStore({ root });
    const staging = store.staging!;
    await store.put("files/a/flyer.pdf", "delivered by alice", { metadata: { owner: "alice" } });
    await staging.write("groups/g/data", 0, "uploaded by bob");
    const refused = await staging.publish("groups/g/data", "files/a/flyer.pdf", { noReplace: true }).catch((error: unknown) => error);
    expect(isObjectExistsError(refused)).toBe(true);
    expect((await store.stat("files/a/flyer.pdf"))!.metadata).toEqual({ owner: "alice" });
    expect(await staging.digest("groups/g/data")).not.toBeNull();
    const info = await staging.publish("groups/g/data", "files/a/flyer-2.pdf", { noReplace: true, contentType: "application/pdf" });
    expect(info).toMatchObject({ size: 15, contentType: "application/pdf" });
    const read = await store.get("files/a/flyer.pdf");
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("delivered by alice");
    expect(await staging.digest("groups/g/data")).toBeNull();
  });

  it("publishes a staging file once when two calls race for the same key: the other answers null", async () => {
    const store = createFsStore({ root });
    const staging = store.staging!;
    await staging.write("groups/g/data", 0, "the file");
    const results = await Promise.all([
      staging.publish("groups/g/data", "files/same", { noReplace: true }),
      staging.publish("groups/g/data", "files/same", { noReplace: true }),
    ]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect((await store.stat("files/same"))!.size).toBe(8);
    expect(await readdir(join(root, "tmp"))).toEqual([]);
  });

  it("removes emptied folders on delete", async () => {
    const store = createFsStore({ root });
    await store.put("groups/g1/parts/1", "a");
    await store.delete("groups/g1/parts/1");
    expect(await readdir(join(root, "objects"))).toEqual([]);
  });
});
