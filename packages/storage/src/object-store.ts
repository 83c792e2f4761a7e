// The object-store contract every driver implements: streaming put/get, stat, delete, list.
import type { Readable } from "node:stream";

export type ObjectBody = Readable | AsyncIterable<Uint8Array> | Uint8Array | string;

export interface ObjectInfo {
  key: string;
  size: number;
  etag: string;
  contentType: string;
  lastModified: Date;
  // Lower-case keys only: S3 folds metadata names to lower case.
  metadata: Record<string, string>;
}

// What a listing gives cheaply on every driver; call stat for content type and metadata.
export interface ObjectSummary {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

export interface PutOptions {
  contentType?: string;
  metadata?: Record<string, string>;
  // When known, lets a driver stream in one request instead of buffering multipart parts.
  size?: number;
  // Never replace an object already at the key: the write fails with ObjectExistsError and
  // leaves that object as it was. Decided atomically by the store, not by a look beforehand.
  noReplace?: boolean;
}

// Inclusive byte offsets, already resolved against the object's size.
export interface ByteRange {
  start: number;
  end: number;
}

export interface GetOptions {
  range?: ByteRange;
}

export interface ObjectRead {
  info: ObjectInfo;
  body: Readable;
  range?: ByteRange;
}

// Positional writes into a private staging file that is published as an object in one rename.
// Drivers that can offer it (the filesystem) let a chunked upload assemble its parts in place
// instead of storing them separately and copying them into the final file at the end.
// Two buffers of the same size taking turns: one is read into while the other is handed on.
export type ReadBuffers = readonly [Buffer, Buffer];

export interface StagingArea {
  // Writes `body` at byte `offset` of staging file `id`, creating it if needed; answers the byte count.
  // Each chunk is written before the next is pulled and none is kept, so a producer may reuse
  // a chunk's memory as soon as it is asked for the next one.
  write(id: string, offset: number, body: ObjectBody): Promise<number>;
  // Cuts the staging file to `size` bytes (a failed longer write may have left a tail).
  truncate(id: string, size: number): Promise<void>;
  // SHA-256 and length of staging file `id`, read in place; null when it no longer exists.
  digest(id: string): Promise<{ sha256: string; size: number } | null>;
  // Hands bytes [start, end) of staging file `id` to `sink` in order, through a reused buffer
  // (each view is valid only during its call); answers how many there were, fewer at the end of
  // the file, null when the file no longer exists. A caller that reads often passes its own
  // `scratch` buffers, which also set the read size; otherwise two are allocated per call.
  read(id: string, start: number, end: number, sink: (bytes: Buffer) => void, scratch?: ReadBuffers): Promise<number | null>;
  // Makes the staging file the object at `key`, atomically; null when `id` no longer exists, or
  // when a concurrent call published it already. With `noReplace` and another object at `key`,
  // throws ObjectExistsError and keeps the staging file, so it can be published under another key.
  publish(id: string, key: string, options?: PutOptions): Promise<ObjectInfo | null>;
  delete(id: string): Promise<void>;
}

export interface ObjectStore {
  staging?: StagingArea;
  // Nothing is visible at `key` until the whole body has been written; a failing body
  // stream leaves the previous object (or none) in place.
  put(key: string, body: ObjectBody, options?: PutOptions): Promise<ObjectInfo>;
  get(key: string, options?: GetOptions): Promise<ObjectRead | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  // Deleting a missing key is not an error.
  delete(key: string): Promise<void>;
  // Every object whose key lies under the folder `prefix` (`prefix/...`), in any order.
  list(prefix: string): AsyncIterable<ObjectSummary>;
}

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export class StoreFullError extends Error {
  readonly code = "store_full" as const;
  readonly isStoreFull = true;

  constructor(options?: { cause?: unknown }) {
    super("The object store has no space left", options);
    this.name = "StoreFullError";
  }
}

export function isStoreFullError(error: unknown): error is StoreFullError {
  return error instanceof StoreFullError;
}

export class ObjectExistsError extends Error {
  readonly isObjectExists = true;

  constructor(readonly key: string) {
    super(`An object is already stored at ${key}`);
    this.name = "ObjectExistsError";
  }
}

export function isObjectExistsError(error: unknown): error is ObjectExistsError {
  return error instanceof ObjectExistsError;
}

/** Whether a store answers at all, for readiness: asks after a key that never exists (an answer of none is an answer). */
export async function storeAnswers(store: Pick<ObjectStore, "stat">): Promise<boolean> {
  await store.stat("readiness/probe");
  return true;
}
