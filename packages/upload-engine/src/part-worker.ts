// Preparing parts in another thread (a browser's Web Worker): reading a part of the file, its SHA-256 and its base64
// happen there, so a page uploading gigabytes keeps its main thread for the person using it. Both ends of the
// conversation are here: `servePartRequests` runs inside the worker, `workerPartPreparer` in the page.
import { base64Length, encodeBase64Into } from "./base64";
import type { RequestBody } from "./request-body";
import { type DigestProvider, toHex } from "./sha256";
import type { BlobLike } from "./upload-source";
import { BODY_ENCODINGS, type BodyEncoding } from "./wire";

/** One part to prepare: its bytes `start` to `end` of the source, for the wire in `encoding`. */
export interface PartToPrepare {
  readonly source: { readonly blob?: BlobLike | undefined };
  readonly start: number;
  readonly end: number;
  readonly encoding: BodyEncoding;
  /** Whether the part's SHA-256 is wanted (the uploader was given a hash function). */
  readonly sha256: boolean;
}

export interface PreparedPart {
  /** The body as it goes on the wire: for raw bytes the file's own slice where there is one, or bytes. */
  readonly body: RequestBody;
  readonly sha256?: string | undefined;
}

/**
 * Prepares a part elsewhere; answers undefined for a part it cannot take (a source with no Blob behind it), which the
 * uploader then prepares itself.
 */
export type PartPreparer = (part: PartToPrepare) => Promise<PreparedPart> | undefined;

interface PartRequest {
  readonly id: number;
  readonly blob: BlobLike;
  readonly start: number;
  readonly end: number;
  readonly encoding: BodyEncoding;
  readonly sha256: boolean;
}

type PartReply =
  | { readonly id: number; readonly body: RequestBody; readonly sha256?: string | undefined }
  | { readonly id: number; readonly error: string };

/** The two ends of a worker's conversation: a Worker in the page, the worker's own global scope inside it. */
export interface MessageEndpoint {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void;
}

/** Reads, hashes and encodes one part: what a worker does with each request. */
async function preparePart(request: Omit<PartRequest, "id">, digest: DigestProvider): Promise<PreparedPart> {
  const length = request.end - request.start;
  const binary = request.encoding === BODY_ENCODINGS.binary;
  const slice = request.blob.slice(request.start, request.end);
  const read = new Uint8Array(await slice.arrayBuffer());
  if (read.length !== length) throw new Error(`Read ${read.length} bytes of ${length}; the file changed`);
  const sha256 = request.sha256 ? toHex(await digest.digest("SHA-256", read)) : undefined;
  // The file's own slice goes as it is: the network reads it from the file, and nothing here holds the part.
  if (binary) return { body: typeof Blob !== "undefined" && slice instanceof Blob ? slice : read, sha256 };
  // Base64 goes back as bytes, handed over: a Blob made here would hold its memory until this thread's next garbage
  // collection, which a worker doing little else runs too seldom (Chromium refused such Blobs past a few hundred MiB).
  const encoded = new Uint8Array(base64Length(length));
  // The raw bytes go in the tail and are encoded over from the front, as the uploader does it in place.
  encoded.set(read, encoded.length - length);
  encodeBase64Into(encoded.subarray(encoded.length - length), encoded);
  return { body: encoded, sha256 };
}

/** Inside the worker: answers every part request on `scope`; a Blob body goes back as a handle, bytes are handed over. */
export function servePartRequests(scope: MessageEndpoint, digest: DigestProvider): void {
  scope.addEventListener("message", (event) => {
    const request = event.data as PartRequest;
    preparePart(request, digest).then(
      (prepared) => {
        const reply: PartReply = { id: request.id, ...prepared };
        scope.postMessage(reply, prepared.body instanceof Uint8Array ? [prepared.body.buffer] : []);
      },
      (error: unknown) => {
        const reply: PartReply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
        scope.postMessage(reply, []);
      },
    );
  });
}

/**
 * In the page: a PartPreparer that sends each part of a Blob-backed source to `worker`. A worker that fails (it could not
 * load, or crashed) hands its waiting parts and every later one back to this thread, prepared with `digest`.
 */
export function workerPartPreparer(worker: MessageEndpoint & WorkerErrors, digest: DigestProvider): PartPreparer {
  let nextId = 0;
  let failed = false;
  const pending = new Map<number, { request: PartRequest; resolve: (part: PreparedPart) => void; reject: (error: unknown) => void }>();
  const here = (request: PartRequest) => preparePart(request, digest);
  worker.addEventListener("message", (event) => {
    const reply = event.data as PartReply;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ("error" in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve({ body: reply.body, sha256: reply.sha256 });
  });
  worker.addEventListener("error", () => {
    failed = true;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      here(waiting.request).then(waiting.resolve, waiting.reject);
    }
  });
  return (part) => {
    const blob = part.source.blob;
    if (!blob) return undefined;
    const request: PartRequest = { id: nextId++, blob, start: part.start, end: part.end, encoding: part.encoding, sha256: part.sha256 };
    if (failed) return here(request);
    return new Promise<PreparedPart>((resolve, reject) => {
      pending.set(request.id, { request, resolve, reject });
      worker.postMessage(request, []);
    });
  };
}

/** A worker's own failure: its script did not load, or it threw outside a request. */
export interface WorkerErrors {
  addEventListener(type: "error", listener: () => void): void;
}
