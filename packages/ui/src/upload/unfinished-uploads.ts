// The chunked uploads of this browser that did not finish (a reload, a crash, a closed tab): what each was, where it
// was going and which group on the upload servers holds its parts, so that choosing the same file again resumes it.
// Metadata only, in localStorage: a page cannot keep a file's bytes, nor reopen a file by itself.
import { UNFINISHED_GROUP_TTL_MS } from "@atelier/upload-engine";

/** How a file is recognised when it is chosen again: what the person's disk says of it. */
export interface FileIdentity {
  /** The file's own name on disk (not a name edited in the dialog). */
  readonly name: string;
  readonly size: number;
  /** The file's modification time, in milliseconds since 1970. */
  readonly lastModified: number;
}

export interface UnfinishedUpload extends FileIdentity {
  /** Whose uploads and for which place (one person, one project's folder of one kind): only that dialog lists it. */
  readonly scope: string;
  /** The name the file was being stored under, and its folder (the ticket's). */
  readonly urlPath: string;
  readonly folder: string;
  /** The group on the upload servers that holds its parts. */
  readonly groupId: string;
  readonly parts: number;
  /** Bytes the servers had acknowledged, as this browser last heard. */
  readonly bytesHeld: number;
  /** Hex SHA-256 of the first part, checked when the file is chosen again: a changed file starts afresh. */
  readonly firstPartSha256?: string | undefined;
  readonly updatedAt: number;
}

const STORAGE_KEY = "atelier.unfinished-uploads.v1";
/** A bound on what one browser keeps, whatever happens: the oldest go first. */
export const MAX_UNFINISHED_UPLOADS = 50;

// Checked by hand rather than with zod: this module is on every page that uploads, and zod is not (its forms load
// it when first checked; docs/performance.md). The same rules as the record's type, field by field.
const isText = (v: unknown): v is string => typeof v === "string" && v.length >= 1 && v.length <= 2000;
const isCount = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;

/** A stored record as this browser wrote it, or undefined for anything else (storage is untrusted input). */
function readRecord(item: unknown): UnfinishedUpload | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined;
  const r = item as Record<string, unknown>;
  const sha = r.firstPartSha256;
  if (
    !isText(r.scope) ||
    !isText(r.name) ||
    !isCount(r.size, 1) ||
    !isCount(r.lastModified, 0) ||
    !isText(r.urlPath) ||
    !isText(r.folder) ||
    typeof r.groupId !== "string" ||
    !/^[A-Za-z0-9-]{1,64}$/.test(r.groupId) ||
    !isCount(r.parts, 2) ||
    !isCount(r.bytesHeld, 0) ||
    !(sha === undefined || (typeof sha === "string" && /^[0-9a-f]{64}$/.test(sha))) ||
    !isCount(r.updatedAt, 0)
  )
    return undefined;
  return {
    scope: r.scope,
    name: r.name,
    size: r.size,
    lastModified: r.lastModified,
    urlPath: r.urlPath,
    folder: r.folder,
    groupId: r.groupId,
    parts: r.parts,
    bytesHeld: r.bytesHeld,
    ...(sha === undefined ? {} : { firstPartSha256: sha as string }),
    updatedAt: r.updatedAt,
  };
}

/** The part of the Web Storage API this needs; tests give a Map-backed one. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** A picked file's name, size and modification time as its disk has them; undefined for what is not a local file. */
export function fileIdentity(data: unknown): FileIdentity | undefined {
  const file = data as Partial<File> | null | undefined;
  if (!file || typeof file.name !== "string" || typeof file.size !== "number" || typeof file.lastModified !== "number") return undefined;
  return { name: file.name, size: file.size, lastModified: file.lastModified };
}

const sameFile = (a: FileIdentity, b: FileIdentity) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Whether a file found by name, size and modification time continues the remembered upload: it goes to the same
 * folder (the project did not move), and its first part reads the same when both digests are known (other bytes
 * under the same name, size and date start afresh).
 */
export function continuesUpload(saved: UnfinishedUpload, file: { folder: string; firstPartSha256: string | undefined }): boolean {
  if (saved.folder !== file.folder) return false;
  return saved.firstPartSha256 === undefined || file.firstPartSha256 === undefined || saved.firstPartSha256 === file.firstPartSha256;
}

/** Bytes of the file the servers do not hold yet. */
export function bytesMissing(upload: Pick<UnfinishedUpload, "size" | "bytesHeld">): number {
  return Math.max(0, upload.size - upload.bytesHeld);
}

export interface UnfinishedUploads {
  /** This scope's unfinished uploads, the most recent first. The same array until something changes. */
  list(scope: string): readonly UnfinishedUpload[];
  find(scope: string, file: FileIdentity): UnfinishedUpload | undefined;
  /** Adds or replaces the upload of the same file in the same scope. */
  remember(upload: UnfinishedUpload): void;
  forget(scope: string, file: FileIdentity): void;
  subscribe(listener: () => void): () => void;
  /** Reads the storage again (another tab wrote to it). */
  reload(): void;
}

export function createUnfinishedUploads(storage: KeyValueStorage | undefined, now: () => number = Date.now): UnfinishedUploads {
  const listeners = new Set<() => void>();
  let records: UnfinishedUpload[] = read();
  const lists = new Map<string, readonly UnfinishedUpload[]>();

  // Whatever is in storage is untrusted input: anything malformed or past the servers' keeping time is dropped.
  function read(): UnfinishedUpload[] {
    let raw: unknown;
    try {
      raw = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "[]");
    } catch {
      return [];
    }
    if (!Array.isArray(raw)) return [];
    const oldest = now() - UNFINISHED_GROUP_TTL_MS;
    return raw.flatMap((item) => {
      const record = readRecord(item);
      return record && record.updatedAt > oldest ? [record] : [];
    });
  }

  function write(next: UnfinishedUpload[]): void {
    records = [...next].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_UNFINISHED_UPLOADS);
    try {
      if (records.length === 0) storage?.removeItem(STORAGE_KEY);
      else storage?.setItem(STORAGE_KEY, JSON.stringify(records));
    } catch {
      // Storage full or refused (private mode): the upload goes on, it just cannot be resumed after a reload.
    }
    changed();
  }

  function changed(): void {
    lists.clear();
    for (const listener of listeners) listener();
  }

  return {
    list(scope) {
      let list = lists.get(scope);
      if (!list) {
        list = records.filter((r) => r.scope === scope);
        lists.set(scope, list);
      }
      return list;
    },
    find: (scope, file) => records.find((r) => r.scope === scope && sameFile(r, file)),
    remember(upload) {
      const record = readRecord(upload);
      if (!record) return;
      write([record, ...records.filter((r) => !(r.scope === upload.scope && sameFile(r, upload)))]);
    },
    forget(scope, file) {
      if (records.some((r) => r.scope === scope && sameFile(r, file))) {
        write(records.filter((r) => !(r.scope === scope && sameFile(r, file))));
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      records = read();
      changed();
    },
  };
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** This browser's unfinished uploads, shared by every dialog and page of the app. */
export const unfinishedUploads = createUnfinishedUploads(browserStorage());

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY || event.key === null) unfinishedUploads.reload();
  });
}
