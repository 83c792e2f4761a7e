// Chunked-upload groups kept entirely in the object store, so any server can take any part.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { ObjectStore } from "@atelier/storage";
import { publishStaged, putUnderFreeName } from "./publish";
import { fileUrl } from "./url-path";

export interface GroupManifest {
  id: string;
  userId: string;
  urlPath: string;
  parts: number;
  contentType: string;
  createdAt: number;
  // Decoded size of part 1, which every part but the last repeats; it places part n at
  // byte (n - 1) * partSize when the store assembles in place.
  partSize?: number;
  // Set when the server that stored part 1 hashes the group as its parts arrive (see
  // group-hasher.ts), so a completing server knows a digest record is on its way.
  followed?: boolean;
}

// The SHA-256 and length of a group's assembled bytes.
export interface GroupDigest {
  sha256: string;
  size: number;
}

export interface GroupCompletion {
  url: string;
  sha256: string;
  size: number;
  completedAt: number;
}

export const GROUP_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const groupFolder = (id: string) => `groups/${id}`;
const manifestKey = (id: string) => `${groupFolder(id)}/manifest.json`;
const completionKey = (id: string) => `${groupFolder(id)}/complete.json`;
// Left by the server that hashed the group while its parts arrived (group-hasher.ts).
const digestKey = (id: string) => `${groupFolder(id)}/digest.json`;
const partsFolder = (id: string) => `${groupFolder(id)}/parts`;
export const partKey = (id: string, part: number) => `${partsFolder(id)}/${part}`;
export const stagingId = (id: string) => `${groupFolder(id)}/data`;

async function readText(store: ObjectStore, key: string): Promise<string | null> {
  const read = await store.get(key);
  if (!read) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of read.body as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

// In-place assembly records a received part as a small marker holding its size; the bytes
// are already where they belong in the staging file.
export async function markPart(store: ObjectStore, id: string, part: number, size: number): Promise<void> {
  await store.put(partKey(id, part), String(size), { contentType: "text/plain" });
}

export async function markedSize(store: ObjectStore, id: string, part: number): Promise<number | null> {
  const text = await readText(store, partKey(id, part));
  return text === null || !/^\d+$/.test(text) ? null : Number(text);
}

// Reads a record until it is there or `waitMs` has passed; null if it never came.
async function pollRecord<T>(read: () => Promise<T | null>, waitMs: number, pollMs: number, now: () => number): Promise<T | null> {
  const deadline = now() + waitMs;
  for (;;) {
    const record = await read();
    if (record || now() >= deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

async function waitForCompletion(store: ObjectStore, id: string): Promise<GroupCompletion> {
  // Another server published the file first and is writing its record; give it a moment.
  const done = await pollRecord(() => readCompletion(store, id), 2_000, 20, Date.now);
  if (!done) throw new Error(`group ${id} was published by another server that never recorded it`);
  return done;
}

async function readJson<T>(store: ObjectStore, key: string): Promise<T | null> {
  const text = await readText(store, key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

async function writeJson(store: ObjectStore, key: string, value: unknown): Promise<void> {
  await store.put(key, JSON.stringify(value), { contentType: "application/json" });
}

export function writeManifest(store: ObjectStore, manifest: GroupManifest): Promise<void> {
  return writeJson(store, manifestKey(manifest.id), manifest);
}

export function readManifest(store: ObjectStore, id: string): Promise<GroupManifest | null> {
  return readJson<GroupManifest>(store, manifestKey(id));
}

export function readCompletion(store: ObjectStore, id: string): Promise<GroupCompletion | null> {
  return readJson<GroupCompletion>(store, completionKey(id));
}

export function writeDigestRecord(store: ObjectStore, id: string, digest: GroupDigest): Promise<void> {
  return writeJson(store, digestKey(id), digest);
}

// The digest another server left for group `id`, waiting for it at most `waitMs`.
export function waitForDigestRecord(store: ObjectStore, id: string, waitMs: number, pollMs: number, now: () => number) {
  return pollRecord(() => readJson<GroupDigest>(store, digestKey(id)), waitMs, pollMs, now);
}

export async function receivedParts(store: ObjectStore, id: string): Promise<Map<number, number>> {
  const received = new Map<number, number>();
  for await (const info of store.list(partsFolder(id))) {
    const part = Number(info.key.slice(partsFolder(id).length + 1));
    if (Number.isInteger(part) && part > 0) received.set(part, info.size);
  }
  return received;
}

export function isExpired(manifest: GroupManifest, now: number, ttlMs: number): boolean {
  return now - manifest.createdAt >= ttlMs;
}

// The stored file keeps who uploaded it and from which group (a second server completing the
// same group recognises the file as its own).
function publishOptions(manifest: GroupManifest) {
  return { contentType: manifest.contentType, metadata: { owner: manifest.userId, group: manifest.id } };
}

// Concatenates the parts in order into the final file while hashing it; the file appears at
// its key only when the last byte is written, then the parts are dropped.
export async function completeGroup(
  store: ObjectStore,
  manifest: GroupManifest,
  sizes: Map<number, number>,
  base: string,
  now: () => number,
): Promise<GroupCompletion> {
  const hash = createHash("sha256");
  let size = 0;
  let expected = 0;
  for (const bytes of sizes.values()) expected += bytes;
  async function* concatenated(): AsyncGenerator<Buffer> {
    for (let part = 1; part <= manifest.parts; part += 1) {
      const read = await store.get(partKey(manifest.id, part));
      if (!read) throw new Error(`part ${part} of group ${manifest.id} vanished while completing`);
      for await (const chunk of read.body as Readable) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        size += bytes.length;
        yield bytes;
      }
    }
  }
  const stored = await putUnderFreeName(store, manifest.urlPath, concatenated(), { ...publishOptions(manifest), size: expected });
  if (stored.ours) return waitForCompletion(store, manifest.id);
  const url = fileUrl(base, stored.urlPath);
  const completion: GroupCompletion = { url, sha256: hash.digest("hex"), size, completedAt: now() };
  await writeJson(store, completionKey(manifest.id), completion);
  await deletePartMarkers(store, manifest);
  return completion;
}

// A completed group's part records (markers, or the parts themselves) are no longer needed: the
// completion record answers any late retry. Deleted together, not one after another, since the
// last part's answer waits for them (a hundred parts took 35-40 ms in turn).
async function deletePartMarkers(store: ObjectStore, manifest: GroupManifest): Promise<void> {
  const deletions = [];
  for (let part = 1; part <= manifest.parts; part += 1) {
    deletions.push(store.delete(partKey(manifest.id, part)).catch(() => undefined));
  }
  await Promise.all(deletions);
}

// Publishes the assembled staging file with one rename, no byte copied. Its digest comes from
// `followed` (the hash taken while the parts arrived) when that covers exactly the expected
// bytes, else from a pass over the file.
export async function completeStagedGroup(
  store: ObjectStore,
  manifest: GroupManifest,
  base: string,
  now: () => number,
  followed: () => Promise<GroupDigest | null> = async () => null,
): Promise<GroupCompletion> {
  const staging = store.staging;
  if (!staging) throw new Error("completeStagedGroup needs a store with a staging area");
  const lastSize = await markedSize(store, manifest.id, manifest.parts);
  if (lastSize === null) throw new Error(`group ${manifest.id} lost its last part marker`);
  const expected = (manifest.parts - 1) * (manifest.partSize ?? 0) + lastSize;
  const id = stagingId(manifest.id);
  try {
    await staging.truncate(id, expected);
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return waitForCompletion(store, manifest.id);
    throw error;
  }
  const hashed = await followed();
  const digest = hashed?.size === expected ? hashed : await staging.digest(id);
  if (!digest) return waitForCompletion(store, manifest.id);
  const { sha256, size } = digest;
  if (size !== expected) throw new Error(`group ${manifest.id} assembled ${size} bytes, expected ${expected}`);
  const urlPath = await publishStaged(store, id, manifest.urlPath, publishOptions(manifest));
  if (urlPath === null) return waitForCompletion(store, manifest.id);
  const completion: GroupCompletion = { url: fileUrl(base, urlPath), sha256, size, completedAt: now() };
  await writeJson(store, completionKey(manifest.id), completion);
  await deletePartMarkers(store, manifest);
  return completion;
}

async function deleteGroup(store: ObjectStore, id: string): Promise<void> {
  await store.staging?.delete(stagingId(id)).catch(() => undefined);
  const keys: string[] = [];
  for await (const info of store.list(groupFolder(id))) keys.push(info.key);
  for (const key of keys) await store.delete(key).catch(() => undefined);
}

// Expired groups, completed or not, are removed; several servers may sweep at once, which
// is harmless because deletes are idempotent.
export async function sweepExpiredGroups(store: ObjectStore, now: number, ttlMs: number): Promise<number> {
  const ids = new Set<string>();
  for await (const info of store.list("groups")) {
    const id = info.key.split("/")[1];
    if (id) ids.add(id);
  }
  let removed = 0;
  for (const id of ids) {
    const manifest = await readManifest(store, id);
    const started = manifest?.createdAt;
    // A group without a readable manifest is judged by its oldest object instead.
    const age = started ?? (await oldestObjectTime(store, id));
    if (age !== undefined && now - age >= ttlMs) {
      await deleteGroup(store, id);
      removed += 1;
    }
  }
  return removed;
}

async function oldestObjectTime(store: ObjectStore, id: string): Promise<number | undefined> {
  let oldest: number | undefined;
  for await (const info of store.list(groupFolder(id))) {
    const time = info.lastModified.getTime();
    oldest = oldest === undefined ? time : Math.min(oldest, time);
  }
  return oldest;
}
