// What the browser keeps of unfinished uploads: per scope, by file, bounded, expiring with the servers' groups,
// and never trusting what it reads back.
import { CHUNK_SIZE, UNFINISHED_GROUP_TTL_MS } from "@atelier/upload-engine";
import { describe, expect, it } from "vitest";
import {
  bytesMissing,
  continuesUpload,
  createUnfinishedUploads,
  fileIdentity,
  type KeyValueStorage,
  MAX_UNFINISHED_UPLOADS,
  type UnfinishedUpload,
} from "./unfinished-uploads";

const KEY = "atelier.unfinished-uploads.v1";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const SCOPE = "user-1|project|p-1|materials";
const upload = (overrides: Partial<UnfinishedUpload> = {}): UnfinishedUpload => ({
  scope: SCOPE,
  name: "banner-print.pdf",
  size: 5 * CHUNK_SIZE,
  lastModified: 1_764_000_000_000,
  urlPath: "ACME/2026/Banner-p-1/MATERIALS/banner-print.pdf",
  folder: "ACME/2026/Banner-p-1/MATERIALS",
  groupId: "0b7f3f0c-2c1e-4a9e-9a55-1f1d2b3c4d5e",
  parts: 5,
  bytesHeld: 3 * CHUNK_SIZE,
  updatedAt: 1_000,
  ...overrides,
});

describe("unfinished uploads", () => {
  it("remembers an upload and finds it again by name, size and modification time, in its scope only", () => {
    const storage = memoryStorage();
    const store = createUnfinishedUploads(storage, () => 2_000);
    store.remember(upload());
    const again = createUnfinishedUploads(storage, () => 2_000);
    const file = { name: "banner-print.pdf", size: 5 * CHUNK_SIZE, lastModified: 1_764_000_000_000 };
    expect(again.find(SCOPE, file)).toEqual(upload());
    expect(again.find(SCOPE, { ...file, lastModified: file.lastModified + 1 })).toBeUndefined();
    expect(again.find(SCOPE, { ...file, size: file.size - 1 })).toBeUndefined();
    expect(again.find(SCOPE, { ...file, name: "Banner-print.pdf" })).toBeUndefined();
    // Another person (or another project's folder) on the same browser sees nothing of it.
    expect(again.find("user-2|project|p-1|materials", file)).toBeUndefined();
    expect(again.list("user-2|project|p-1|materials")).toEqual([]);
    expect(again.list(SCOPE)).toEqual([upload()]);
  });

  it("keeps one record per file, the latest progress, most recent first, and forgets on request", () => {
    const storage = memoryStorage();
    const store = createUnfinishedUploads(storage, () => 5_000);
    store.remember(upload({ bytesHeld: CHUNK_SIZE, updatedAt: 1_000 }));
    store.remember(upload({ name: "other.tif", updatedAt: 2_000 }));
    store.remember(upload({ bytesHeld: 2 * CHUNK_SIZE, updatedAt: 3_000 }));
    expect(store.list(SCOPE).map((u) => [u.name, u.bytesHeld])).toEqual([
      ["banner-print.pdf", 2 * CHUNK_SIZE],
      ["other.tif", 3 * CHUNK_SIZE],
    ]);
    store.forget(SCOPE, upload());
    expect(store.list(SCOPE).map((u) => u.name)).toEqual(["other.tif"]);
    store.forget(SCOPE, upload({ name: "other.tif" }));
    expect(storage.data.has(KEY)).toBe(false);
  });

  it("tells its listeners of each change, and answers the same list until one", () => {
    const store = createUnfinishedUploads(memoryStorage(), () => 5_000);
    let calls = 0;
    const stop = store.subscribe(() => {
      calls += 1;
    });
    const empty = store.list(SCOPE);
    expect(store.list(SCOPE)).toBe(empty);
    store.remember(upload());
    expect(calls).toBe(1);
    const one = store.list(SCOPE);
    expect(one).not.toBe(empty);
    expect(store.list(SCOPE)).toBe(one);
    store.forget(SCOPE, upload({ name: "never-kept.bin" }));
    expect(calls).toBe(1);
    stop();
    store.forget(SCOPE, upload());
    expect(calls).toBe(1);
  });

  it("drops what the servers no longer keep", () => {
    let now = 10_000;
    const storage = memoryStorage();
    createUnfinishedUploads(storage, () => now).remember(upload({ updatedAt: 10_000 }));
    now = 10_000 + UNFINISHED_GROUP_TTL_MS - 1;
    expect(createUnfinishedUploads(storage, () => now).list(SCOPE)).toHaveLength(1);
    now = 10_000 + UNFINISHED_GROUP_TTL_MS;
    expect(createUnfinishedUploads(storage, () => now).list(SCOPE)).toEqual([]);
  });

  it("keeps at most MAX_UNFINISHED_UPLOADS, the oldest going first", () => {
    const store = createUnfinishedUploads(memoryStorage(), () => 1_000_000);
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS + 5; i += 1) store.remember(upload({ name: `f-${i}.bin`, updatedAt: 1_000 + i }));
    const names = store.list(SCOPE).map((u) => u.name);
    expect(names).toHaveLength(MAX_UNFINISHED_UPLOADS);
    expect(names[0]).toBe(`f-${MAX_UNFINISHED_UPLOADS + 4}.bin`);
    expect(names).not.toContain("f-4.bin");
    expect(names).toContain("f-5.bin");
  });

  it("reads back nothing it cannot trust: broken JSON, other shapes, hostile values", () => {
    expect(createUnfinishedUploads(memoryStorage({ [KEY]: "{not json" })).list(SCOPE)).toEqual([]);
    expect(createUnfinishedUploads(memoryStorage({ [KEY]: '{"a":1}' })).list(SCOPE)).toEqual([]);
    const good = upload({ updatedAt: Date.now() });
    const stored = JSON.stringify([
      good,
      { ...good, name: "x.bin", groupId: "../../etc" },
      { ...good, name: "y.bin", size: -1 },
      { ...good, name: "z.bin", firstPartSha256: "not hex" },
      { ...good, name: "w.bin", parts: 1 },
      "text",
      null,
    ]);
    expect(createUnfinishedUploads(memoryStorage({ [KEY]: stored })).list(SCOPE)).toEqual([good]);
    // A name as typed, however long or odd, round-trips as it is.
    const odd = upload({ name: `${"é".repeat(190)} </script> 名前.pdf`, updatedAt: Date.now() });
    const storage = memoryStorage();
    createUnfinishedUploads(storage).remember(odd);
    expect(createUnfinishedUploads(storage).list(SCOPE)).toEqual([odd]);
  });

  it("still works when the browser refuses to store (private mode, full)", () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const store = createUnfinishedUploads(refusing);
    store.remember(upload({ updatedAt: Date.now() }));
    expect(store.list(SCOPE)).toHaveLength(1);
    expect(createUnfinishedUploads(undefined).list(SCOPE)).toEqual([]);
  });

  it("says what is missing", () => {
    expect(bytesMissing(upload())).toBe(2 * CHUNK_SIZE);
    expect(bytesMissing(upload({ bytesHeld: 6 * CHUNK_SIZE }))).toBe(0);
  });

  it("recognises a picked file by what its disk says, and nothing that is not a local file", () => {
    const file = { name: "a.pdf", size: 12, lastModified: 7, type: "application/pdf" };
    expect(fileIdentity(file)).toEqual({ name: "a.pdf", size: 12, lastModified: 7 });
    expect(fileIdentity({ size: 12 })).toBeUndefined();
    expect(fileIdentity(null)).toBeUndefined();
  });

  it("continues an upload only in its folder and, when both digests are known, with the same first part", () => {
    const saved = upload({ firstPartSha256: "a".repeat(64) });
    const folder = saved.folder;
    expect(continuesUpload(saved, { folder, firstPartSha256: "a".repeat(64) })).toBe(true);
    expect(continuesUpload(saved, { folder, firstPartSha256: "b".repeat(64) })).toBe(false);
    expect(continuesUpload(saved, { folder: "GLOBEX/2026/Other-p-2/MATERIALS", firstPartSha256: "a".repeat(64) })).toBe(false);
    // A host that does not hash cannot tell: name, size and date decide.
    expect(continuesUpload(saved, { folder, firstPartSha256: undefined })).toBe(true);
    expect(continuesUpload(upload(), { folder, firstPartSha256: "b".repeat(64) })).toBe(true);
  });
});
