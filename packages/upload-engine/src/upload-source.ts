// The file abstraction the uploader reads from: a browser Blob/File or anything that can slice.

/** A readable file: the uploader asks for one part's bytes at a time, never the whole file. */
export interface UploadSource {
  readonly name: string;
  readonly size: number;
  /** MIME type; empty when unknown. */
  readonly type: string;
  /** Bytes `start` to `end` (exclusive). */
  slice(start: number, end: number): Promise<Uint8Array>;
  /**
   * Optional: fills `target` with the bytes from `position` and answers how many it
   * wrote (fewer only at the end of the file). Lets the uploader read a part straight
   * into the buffer it encodes in, saving an allocation per part.
   */
  readInto?(target: Uint8Array, position: number): Promise<number>;
  /** Optional: the Blob behind the source, which a worker can read for itself (see `workerPartPreparer`). */
  readonly blob?: BlobLike | undefined;
}

/** The parts of Blob and File this adapter reads. */
export interface BlobLike {
  readonly size: number;
  readonly type: string;
  readonly name?: string;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/** Adapts a browser File or Blob (or Node's Blob); a plain Blob needs `name`. */
export function fromBlob(blob: BlobLike, name?: string): UploadSource {
  return {
    name: name ?? blob.name ?? "blob",
    size: blob.size,
    type: blob.type,
    slice: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
    blob,
  };
}

/** Wraps bytes already in memory, such as a resized avatar. */
export function fromBytes(bytes: Uint8Array, meta: { readonly name: string; readonly type?: string }): UploadSource {
  return {
    name: meta.name,
    size: bytes.length,
    type: meta.type ?? "",
    slice: async (start, end) => bytes.subarray(start, end),
    readInto: async (target, position) => {
      const available = bytes.subarray(position, position + target.length);
      target.set(available);
      return available.length;
    },
  };
}
