// Splits a file size into the 1-based parts the upload servers expect.
import { CHUNK_SIZE, SINGLE_UPLOAD_MAX } from "./constants";

export interface PlannedPart {
  /** 1-based, as sent in the `part` header. */
  readonly part: number;
  readonly parts: number;
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
}

export function planParts(size: number): PlannedPart[] {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new RangeError(`A file size must be a non-negative integer, got ${size}`);
  }
  // Never empty: a small (even 0-byte) file is still one request to /api/upload.
  if (size <= SINGLE_UPLOAD_MAX) return [{ part: 1, parts: 1, start: 0, end: size }];
  const parts = Math.ceil(size / CHUNK_SIZE);
  const plan: PlannedPart[] = [];
  for (let index = 0; index < parts; index++) {
    const start = index * CHUNK_SIZE;
    plan.push({ part: index + 1, parts, start, end: Math.min(start + CHUNK_SIZE, size) });
  }
  return plan;
}

/** Whether a file of this size goes whole to /api/upload rather than in parts to /api/chunked. */
export function isSingleUpload(size: number): boolean {
  return size <= SINGLE_UPLOAD_MAX;
}
