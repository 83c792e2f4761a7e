// The behaviour every ObjectStore driver must show, run against each driver by its own test file.
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isObjectExistsError, type ObjectStore } from "../object-store";
import { InvalidPathError } from "../secure-path";

export interface StoreFixture {
  store: ObjectStore;
  close(): Promise<void>;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function keysUnder(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of store.list(prefix)) keys.push(info.key);
  return keys.sort();
}

function sha256(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

// Yields `total` bytes in uneven chunks, as a network body would arrive.
function* unevenChunks(data: Buffer): Generator<Buffer> {
  let offset = 0;
  let step = 1;
  while (offset < data.length) {
    const size = Math.min(data.length - offset, ((step * 7919) % 300_000) + 1);
    yield data.subarray(offset, offset + size);
    offset += size;
    step += 1;
  }
}

export function describeObjectStoreContract(name: string, setup: () => Promise<StoreFixture>): void {
  describe(`ObjectStore contract: ${name}`, () => {
    let fixture: StoreFixture;
    let store: ObjectStore;

    beforeAll(async () => {
      fixture = await setup();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture.close();
    });

    it("round-trips bytes with content type and metadata", async () => {
      const data = randomBytes(1000);
      const info = await store.put("a/b/bytes.bin", data, {
        contentType: "image/png",
        metadata: { sha256: sha256(data) },
      });
      expect(info.size).toBe(1000);
      const read = await store.get("a/b/bytes.bin");
      expect(read).not.toBeNull();
      expect(read?.info.contentType).toBe("image/png");
      expect(read?.info.metadata.sha256).toBe(sha256(data));
      expect(read?.info.etag).toBe(info.etag);
      expect(sha256(await readAll(read!.body))).toBe(sha256(data));
    });

    it("stores an empty object", async () => {
      await store.put("empty/zero", new Uint8Array(0));
      const read = await store.get("empty/zero");
      expect(read?.info.size).toBe(0);
      expect((await readAll(read!.body)).length).toBe(0);
    });

    it("streams a body of unknown length larger than a multipart part", async () => {
      const data = randomBytes(12 * 1024 * 1024 + 3);
      await store.put("big/unknown-length", Readable.from(unevenChunks(data)));
      const read = await store.get("big/unknown-length");
      expect(read?.info.size).toBe(data.length);
      expect(sha256(await readAll(read!.body))).toBe(sha256(data));
    });

    it("streams a body of declared length", async () => {
      const data = randomBytes(700_001);
      await store.put("big/known-length", Readable.from(unevenChunks(data)), { size: data.length });
      expect(sha256(await readAll((await store.get("big/known-length"))!.body))).toBe(sha256(data));
    });

    it("serves an inclusive byte range", async () => {
      const data = Buffer.from("0123456789abcdef");
      await store.put("range/text", data, { contentType: "text/plain" });
      const read = await store.get("range/text", { range: { start: 3, end: 9 } });
      expect(read?.info.size).toBe(16);
      expect((await readAll(read!.body)).toString()).toBe("3456789");
    });

    it("answers null for a missing object", async () => {
      expect(await store.stat("nothing/here")).toBeNull();
      expect(await store.get("nothing/here")).toBeNull();
    });

    it("replaces an object on overwrite and changes its etag", async () => {
      const first = await store.put("over/write", "first version");
      const second = await store.put("over/write", "second, longer version");
      expect(second.etag).not.toBe(first.etag);
      expect((await readAll((await store.get("over/write"))!.body)).toString()).toBe("second, longer version");
    });

    it("never replaces an object with noReplace, whatever the body, and stores where the key is free", async () => {
      await store.put("keep/mine", "the first file", { contentType: "text/plain", metadata: { owner: "alice" } });
      const large = randomBytes(6 * 1024 * 1024 + 3);
      const attempts = [
        () => store.put("keep/mine", "a replacement", { noReplace: true }),
        () => store.put("keep/mine", Readable.from(unevenChunks(large)), { noReplace: true }),
        () => store.put("keep/mine", Readable.from(unevenChunks(large)), { noReplace: true, size: large.length }),
      ];
      for (const attempt of attempts) {
        const refused = await attempt().then(
          () => null,
          (error: unknown) => error,
        );
        expect(isObjectExistsError(refused)).toBe(true);
      }
      const kept = (await store.get("keep/mine"))!;
      expect((await readAll(kept.body)).toString()).toBe("the first file");
      expect(kept.info).toMatchObject({ contentType: "text/plain", metadata: { owner: "alice" } });
      const fresh = await store.put("keep/other", Readable.from(unevenChunks(large)), { noReplace: true });
      expect(fresh.size).toBe(large.length);
      expect(sha256(await readAll((await store.get("keep/other"))!.body))).toBe(sha256(large));
    });

    it("publishes nothing when the body stream fails midway", async () => {
      await store.put("partial/kept", "old");
      async function* failing(): AsyncGenerator<Buffer> {
        yield randomBytes(64 * 1024);
        throw new Error("client went away");
      }
      await expect(store.put("partial/kept", failing())).rejects.toThrow();
      await expect(store.put("partial/new", failing())).rejects.toThrow();
      expect((await readAll((await store.get("partial/kept"))!.body)).toString()).toBe("old");
      expect(await store.stat("partial/new")).toBeNull();
    });

    it("deletes, and deleting a missing key is fine", async () => {
      await store.put("gone/soon", "x");
      await store.delete("gone/soon");
      expect(await store.stat("gone/soon")).toBeNull();
      await expect(store.delete("gone/never-was")).resolves.toBeUndefined();
    });

    it("lists the objects under a folder and nothing else", async () => {
      await store.put("list/one", "1");
      await store.put("list/deep/two", "2");
      await store.put("listing/other", "3");
      expect(await keysUnder(store, "list")).toEqual(["list/deep/two", "list/one"]);
      expect(await keysUnder(store, "no-such-folder")).toEqual([]);
      for await (const summary of store.list("list/deep")) {
        expect(summary).toMatchObject({ key: "list/deep/two", size: 1 });
        expect(summary.lastModified).toBeInstanceOf(Date);
      }
    });

    it.each(["../escape", "/abs", "a/../b", "a//b", "C:/x", "\\\\host\\share", "nul\0byte", ".", ""])(
      "refuses the key %j before touching storage",
      async (key) => {
        await expect(store.put(key, "x")).rejects.toBeInstanceOf(InvalidPathError);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidPathError);
        await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidPathError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidPathError);
      },
    );
  });
}
