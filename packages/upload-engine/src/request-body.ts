// A request body and what every transport needs to know of it: a module of its own, so that the uploader's shapes
// (uploader/types.ts, which name the part preparer) and the part preparer (part-worker.ts) import it, not each other.

/**
 * A request body: bytes, or a Blob that the platform holds (a part of the chosen file, or bytes a worker put in one),
 * which a browser hands to its network service whole instead of copying it there from the page.
 */
export type RequestBody = Uint8Array<ArrayBuffer> | Blob;

/** The byte length of a request body. */
export function requestBodySize(body: RequestBody): number {
  return body instanceof Uint8Array ? body.length : body.size;
}

/**
 * The body as bytes, for a transport that sends only bytes (node:http): an uploader hands out Blobs only when given a
 * `preparePart` that makes them, so such a transport never meets one.
 */
export function bytesOf(body: RequestBody | undefined): Uint8Array<ArrayBuffer> | undefined {
  if (body === undefined || body instanceof Uint8Array) return body;
  throw new TypeError("This transport sends bytes; a Blob body comes only from a part preparer");
}
