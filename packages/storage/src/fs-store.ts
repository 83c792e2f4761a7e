// Filesystem driver: objects under <root>/objects, content type beside them, atomic publish by rename.
// The root must be on a filesystem with hard links (any local Linux or macOS one): a publish that
// may not replace an object claims its name with a link.
import { createHash, randomUUID } from "node:crypto";
import type { Stats } from "node:fs";
import { constants } from "node:fs";
import { type FileHandle, link, mkdir, open, readdir, readFile, rename, rmdir, stat, truncate, unlink, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { chunksOf, toReadable } from "./body";
import {
  DEFAULT_CONTENT_TYPE,
  type GetOptions,
  isObjectExistsError,
  type ObjectBody,
  ObjectExistsError,
  type ObjectInfo,
  type ObjectRead,
  type ObjectStore,
  type ObjectSummary,
  type PutOptions,
  type ReadBuffers,
  type StagingArea,
  StoreFullError,
} from "./object-store";
import { securePath } from "./secure-path";

const READ_CHUNK_BYTES = 1024 * 1024;
const WRITE_BATCH_BYTES = 1024 * 1024;

export interface FsStoreOptions {
  root: string;
}

interface Sidecar {
  contentType: string;
  metadata: Record<string, string>;
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

function translate(error: unknown): unknown {
  return isErrno(error, "ENOSPC") || isErrno(error, "EDQUOT") ? new StoreFullError({ cause: error }) : error;
}

// Derived from the inode as well as size and mtime so a same-size rewrite within one
// mtime tick still changes the tag.
function etagOf(stats: Stats): string {
  return `"${stats.ino.toString(16)}-${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

export function createFsStore(options: FsStoreOptions): ObjectStore {
  const objectsDir = join(options.root, "objects");
  const metaDir = join(options.root, "meta");
  const tmpDir = join(options.root, "tmp");
  const stagingDir = join(options.root, "staging");

  const objectPath = (key: string) => join(objectsDir, ...securePath(key).split("/"));
  const stagingPath = (id: string) => join(stagingDir, ...securePath(id).split("/"));
  const metaPath = (key: string) => `${join(metaDir, ...securePath(key).split("/"))}.json`;

  async function readSidecar(key: string): Promise<Sidecar> {
    try {
      const parsed = JSON.parse(await readFile(metaPath(key), "utf8")) as Partial<Sidecar>;
      return {
        contentType: typeof parsed.contentType === "string" ? parsed.contentType : DEFAULT_CONTENT_TYPE,
        metadata: parsed.metadata ?? {},
      };
    } catch {
      return { contentType: DEFAULT_CONTENT_TYPE, metadata: {} };
    }
  }

  function infoOf(key: string, stats: Stats, sidecar: Sidecar): ObjectInfo {
    return {
      key,
      size: stats.size,
      etag: etagOf(stats),
      contentType: sidecar.contentType,
      lastModified: stats.mtime,
      metadata: sidecar.metadata,
    };
  }

  // Removes now-empty folders up to the tree root so expired groups leave nothing behind.
  async function pruneEmptyParents(path: string, top: string): Promise<void> {
    let dir = dirname(path);
    while (dir.startsWith(top + sep)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = dirname(dir);
    }
  }

  // Publishes a finished file: sidecar first, so a reader that sees the new bytes never sees
  // the old content type; then one rename makes the bytes visible.
  async function publishFile(file: string, key: string, putOptions: PutOptions): Promise<ObjectInfo> {
    const target = objectPath(key);
    const metaTarget = metaPath(key);
    const sidecar: Sidecar = {
      contentType: putOptions.contentType ?? DEFAULT_CONTENT_TYPE,
      metadata: putOptions.metadata ?? {},
    };
    await mkdir(tmpDir, { recursive: true });
    const tmpMeta = join(tmpDir, `${randomUUID()}.json`);
    try {
      await writeFile(tmpMeta, JSON.stringify(sidecar), { flag: "wx" });
      await mkdir(dirname(target), { recursive: true });
      await mkdir(dirname(metaTarget), { recursive: true });
      if (putOptions.noReplace) {
        await claim(file, target, key);
        // Nobody has been told of the new object yet, so its sidecar may follow its bytes
        // (replacing one that a deleted object may have left behind).
        try {
          await rename(tmpMeta, metaTarget);
        } catch (error) {
          await unlink(target).catch(() => undefined);
          throw error;
        }
        await unlink(file);
      } else {
        await rename(tmpMeta, metaTarget);
        await rename(file, target);
      }
    } catch (error) {
      await unlink(tmpMeta).catch(() => undefined);
      throw error;
    }
    return infoOf(key, await stat(target), sidecar);
  }

  // Whether `target` is `file` itself (a concurrent publisher of the same staging file linked it),
  // or `file` is gone because that publisher has finished.
  async function sameFile(file: string, target: string): Promise<boolean> {
    const [a, b] = await Promise.all([stat(file).catch(() => null), stat(target).catch(() => null)]);
    return a === null || (b !== null && a.ino === b.ino && a.dev === b.dev);
  }

  // A hard link is created only where nothing exists yet, which a rename cannot promise.
  async function claim(file: string, target: string, key: string): Promise<void> {
    try {
      await link(file, target);
    } catch (error) {
      if (isErrno(error, "EEXIST")) throw new ObjectExistsError(key);
      throw error;
    }
  }

  async function put(key: string, body: ObjectBody, putOptions: PutOptions = {}): Promise<ObjectInfo> {
    objectPath(key);
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, randomUUID());
    try {
      if (typeof body === "string" || body instanceof Uint8Array) {
        // Small records (a chunked upload's markers and manifests) skip the stream machinery.
        await writeFile(tmp, body, { flag: "wx" });
      } else {
        // The file is created before the body is read: a stream that opened it lazily could create
        // it after a failed body had already been cleaned up, leaving it behind.
        const handle = await open(tmp, "wx");
        // A large buffer lets the stream gather small chunks into one writev instead of copying them.
        await pipeline(toReadable(body), handle.createWriteStream({ highWaterMark: WRITE_BATCH_BYTES }));
      }
      return await publishFile(tmp, key, putOptions);
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw translate(error);
    }
  }

  async function get(key: string, getOptions: GetOptions = {}): Promise<ObjectRead | null> {
    let handle: FileHandle;
    try {
      handle = await open(objectPath(key), "r");
    } catch (error) {
      if (isErrno(error, "ENOENT") || isErrno(error, "ENOTDIR") || isErrno(error, "EISDIR")) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      const info = infoOf(key, stats, await readSidecar(key));
      const range = getOptions.range;
      // The open handle pins this inode, so a concurrent replace cannot mix two versions.
      // Large reads: concatenating parts is bound by the number of round trips, not by bytes.
      const body = handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) });
      return range ? { info, body, range } : { info, body };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async function statObject(key: string): Promise<ObjectInfo | null> {
    try {
      const stats = await stat(objectPath(key));
      if (!stats.isFile()) return null;
      return infoOf(key, stats, await readSidecar(key));
    } catch (error) {
      if (isErrno(error, "ENOENT") || isErrno(error, "ENOTDIR")) return null;
      throw error;
    }
  }

  async function deleteObject(key: string): Promise<void> {
    const target = objectPath(key);
    const metaTarget = metaPath(key);
    for (const path of [target, metaTarget]) {
      try {
        await unlink(path);
      } catch (error) {
        if (!isErrno(error, "ENOENT") && !isErrno(error, "ENOTDIR")) throw error;
      }
    }
    await pruneEmptyParents(target, objectsDir);
    await pruneEmptyParents(metaTarget, metaDir);
  }

  async function* list(prefix: string): AsyncIterable<ObjectSummary> {
    const base = prefix === "" ? objectsDir : objectPath(prefix);
    let entries: string[];
    try {
      entries = await readdir(base, { recursive: true });
    } catch (error) {
      if (isErrno(error, "ENOENT") || isErrno(error, "ENOTDIR")) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(base, entry);
      const stats = await stat(path).catch(() => null);
      if (!stats?.isFile()) continue;
      const key = relative(objectsDir, path).split(sep).join("/");
      yield { key, size: stats.size, etag: etagOf(stats), lastModified: stats.mtime };
    }
  }

  // Two buffers, reused: the next read runs on the thread pool while this one is handed on, and
  // a large file leaves no garbage behind (a read stream allocates a fresh buffer per read).
  async function readStaging(
    id: string,
    start: number,
    end: number,
    sink: (bytes: Buffer) => void,
    scratch?: ReadBuffers,
  ): Promise<number | null> {
    let handle: FileHandle;
    try {
      handle = await open(stagingPath(id), "r");
    } catch (error) {
      if (isErrno(error, "ENOENT") || isErrno(error, "ENOTDIR")) return null;
      throw error;
    }
    const buffers = scratch ?? [Buffer.allocUnsafe(READ_CHUNK_BYTES), Buffer.allocUnsafe(READ_CHUNK_BYTES)];
    const readAt = (turn: 0 | 1, position: number) =>
      handle.read(buffers[turn], 0, Math.min(buffers[turn].length, Math.max(0, end - position)), position);
    let position = start;
    let turn: 0 | 1 = 0;
    let reading = readAt(turn, position);
    try {
      for (;;) {
        const { bytesRead, buffer } = await reading;
        if (bytesRead === 0) break;
        position += bytesRead;
        turn = turn === 0 ? 1 : 0;
        reading = readAt(turn, position);
        sink(buffer.subarray(0, bytesRead));
      }
      return position - start;
    } finally {
      await reading.catch(() => undefined);
      await handle.close();
    }
  }

  const staging: StagingArea = {
    async write(id, offset, body) {
      const path = stagingPath(id);
      await mkdir(dirname(path), { recursive: true });
      // Not O_TRUNC: other parts of the same file may be written at the same time.
      const handle = await open(path, constants.O_WRONLY | constants.O_CREAT, 0o644);
      let written = 0;
      try {
        for await (const bytes of chunksOf(body)) {
          // Producers hand on large blocks (a part's decoder, a megabyte at a time), so one
          // write per chunk is few calls; finishing each before the next keeps none alive.
          let done = 0;
          while (done < bytes.length) {
            const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, offset + written);
            done += bytesWritten;
            written += bytesWritten;
          }
        }
        return written;
      } catch (error) {
        throw translate(error);
      } finally {
        await handle.close();
      }
    },
    async truncate(id, size) {
      await truncate(stagingPath(id), size);
    },
    async digest(id) {
      const hash = createHash("sha256");
      const size = await readStaging(id, 0, Number.MAX_SAFE_INTEGER, (bytes) => hash.update(bytes));
      return size === null ? null : { sha256: hash.digest("hex"), size };
    },
    read: readStaging,
    async publish(id, key, putOptions = {}) {
      const path = stagingPath(id);
      try {
        // A concurrent publisher may have taken it already; check before touching the sidecar.
        await stat(path);
        const info = await publishFile(path, key, putOptions);
        await pruneEmptyParents(path, stagingDir);
        return info;
      } catch (error) {
        if (isErrno(error, "ENOENT")) return null;
        if (isObjectExistsError(error) && (await sameFile(path, objectPath(key)))) return null;
        throw translate(error);
      }
    },
    async delete(id) {
      const path = stagingPath(id);
      try {
        await unlink(path);
      } catch (error) {
        if (!isErrno(error, "ENOENT") && !isErrno(error, "ENOTDIR")) throw error;
      }
      await pruneEmptyParents(path, stagingDir);
    },
  };

  return { put, get, stat: statObject, delete: deleteObject, list, staging };
}
