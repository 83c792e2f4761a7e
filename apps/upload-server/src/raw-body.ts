// A binary body's bytes as they came, counted against a limit, gathered into reused slabs when asked.
import { ERRORS } from "@atelier/storage";
import type { DecodeOptions } from "./base64-decode";
import { SlabTurns } from "./slabs";

/**
 * Throws a 413 as soon as the body passes `maxBytes`. With `reuse`, socket reads (about 64 KiB)
 * are copied into two 1 MiB slabs (slabs.ts) that take turns, as the base64 decoder's are, so the
 * store writes a slab per step rather than a socket read, and the reads are dropped young.
 */
export async function* rawBody(source: AsyncIterable<Buffer>, maxBytes: number, options: DecodeOptions = {}): AsyncGenerator<Buffer> {
  let total = 0;
  const turns = new SlabTurns();
  let slab: Buffer | undefined;
  let filled = 0;
  try {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > maxBytes) throw ERRORS.PayloadTooLarge(maxBytes);
      if (!options.reuse) {
        yield chunk;
        continue;
      }
      for (let at = 0; at < chunk.length; ) {
        if (slab === undefined) {
          slab = turns.next();
          filled = 0;
        }
        const copied = chunk.copy(slab, filled, at);
        filled += copied;
        at += copied;
        if (filled === slab.length) {
          const full = slab;
          slab = undefined;
          yield full;
        }
      }
    }
    if (slab !== undefined && filled > 0) yield slab.subarray(0, filled);
  } finally {
    // Reached when the consumer asks past the last chunk, stops early or meets an error: it holds no chunk any more.
    turns.release();
  }
}
