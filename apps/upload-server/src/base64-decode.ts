// Streaming base64 decoding with bounded memory: chunks in, decoded blocks of at most a slab out.
import { ERRORS, type HttpError } from "@atelier/storage";
import { SLAB_BYTES, SlabTurns } from "./slabs";

const PAD = 0x3d;

// Decoded chunks are gathered into slabs of this size before they are handed on: one
// allocation and one downstream step per slab instead of per socket read (about 48 KiB
// decoded), which is most of what the garbage collector and the async hops cost per byte.
export const DECODED_BLOCK_BYTES = 256 * 1024;

// With `reuse`, two slabs (slabs.ts) take turns for the whole body, so decoding a part
// allocates nothing per byte: a server that allocated a fresh slab for every 256 KiB spent
// more CPU in the garbage collector than in decoding and writing together.

export interface DecodeOptions {
  // Each yielded chunk stays valid only until the next one is pulled; for consumers that
  // finish with a chunk (write it, hash it) before asking for more, never for ones that keep it.
  reuse?: boolean;
}

function invalidBase64(why: string): HttpError {
  return ERRORS.InvalidBody(`invalid base64 (${why})`);
}

function isWhitespace(byte: number | undefined): boolean {
  return byte === 0x0a || byte === 0x0d || byte === 0x20 || byte === 0x09;
}

function hasWhitespace(bytes: Buffer): boolean {
  for (const byte of bytes) if (isWhitespace(byte)) return true;
  return false;
}

function withoutWhitespace(bytes: Buffer): Buffer {
  const kept = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (const byte of bytes) if (!isWhitespace(byte)) kept[length++] = byte;
  return kept.subarray(0, length);
}

function trailingPadding(text: Buffer, end: number): number {
  if (text[end - 1] !== PAD) return 0;
  return text[end - 2] === PAD ? 2 : 1;
}

class SlabDecoder {
  #slab: Buffer = Buffer.alloc(0);
  #filled = 0;
  // The two slabs that take turns when reusing.
  readonly #turns: SlabTurns | undefined;
  readonly #carry = Buffer.alloc(4);
  #carried = 0;
  #padded = false;
  #total = 0;
  // Full slabs waiting to be handed on.
  readonly ready: Buffer[] = [];

  constructor(
    readonly maxBytes: number,
    reuse = false,
  ) {
    this.#turns = reuse ? new SlabTurns() : undefined;
  }

  #freshSlab(bytes: number): Buffer {
    const turns = this.#turns;
    if (!turns || bytes > SLAB_BYTES) return Buffer.allocUnsafe(Math.max(DECODED_BLOCK_BYTES, bytes));
    return turns.next();
  }

  /** Gives the slabs back for other parts, once the consumer has finished with the last chunk. */
  release(): void {
    this.#turns?.release();
  }

  // Node's decoder skips characters outside the alphabet and stops at misplaced padding, so
  // either shows up as fewer bytes than the text length promises: one length check validates
  // a whole run far faster than a regular expression would. Answers the bytes written at
  // `at`, or -1 when the run is not clean base64.
  #decodeRun(text: Buffer, start: number, end: number, at: number): number {
    const expected = ((end - start) / 4) * 3 - trailingPadding(text, end);
    const written = this.#slab.write(text.toString("latin1", start, end), at, "base64");
    return written === expected ? written : -1;
  }

  #makeRoom(bytes: number): void {
    if (this.#slab.length - this.#filled >= bytes) return;
    if (this.#filled > 0) this.ready.push(this.#slab.subarray(0, this.#filled));
    this.#slab = this.#freshSlab(bytes);
    this.#filled = 0;
  }

  // Decodes one chunk, leaving at most 3 characters carried to the next. Line breaks are
  // tolerated, but the common unbroken chunk is decoded without a pass to look for them:
  // `strict` false answers false (changing nothing) when the chunk is not clean, and the
  // caller retries it without whitespace, strictly.
  feed(text: Buffer, strict: boolean): boolean {
    const fail = (why: string) => {
      if (strict) throw invalidBase64(why);
      return false;
    };
    if (text.length === 0) return true;
    if (this.#padded) return fail("data after padding");
    this.#makeRoom(Math.floor(((this.#carried + text.length) * 3) / 4) + 3);
    let at = this.#filled;
    let index = 0;
    let padded = false;
    const carry = this.#carry;
    if (this.#carried > 0) {
      const missing = 4 - this.#carried;
      if (text.length < missing) {
        if (hasWhitespace(text)) return fail("whitespace");
        text.copy(carry, this.#carried);
        this.#carried += text.length;
        return true;
      }
      const quartet = Buffer.concat([carry.subarray(0, this.#carried), text.subarray(0, missing)], 4);
      const written = this.#decodeRun(quartet, 0, 4, at);
      if (written < 0) return fail("unexpected character or misplaced padding");
      padded = quartet[3] === PAD;
      at += written;
      index = missing;
    }
    const usable = text.length - ((text.length - index) % 4);
    if (usable > index) {
      // Padding may only close the body.
      if (padded) return fail("data after padding");
      const written = this.#decodeRun(text, index, usable, at);
      if (written < 0) return fail("unexpected character or misplaced padding");
      padded = text[usable - 1] === PAD;
      at += written;
    }
    const tail = text.subarray(usable);
    if (tail.length > 0 && padded) return fail("data after padding");
    if (hasWhitespace(tail)) return fail("whitespace");
    this.#total += at - this.#filled;
    if (this.#total > this.maxBytes) throw ERRORS.PayloadTooLarge(this.maxBytes);
    this.#filled = at;
    tail.copy(carry);
    this.#carried = tail.length;
    this.#padded = padded;
    return true;
  }

  // Two or three trailing characters are an unpadded tail, which many encoders emit.
  finish(): void {
    const tail = this.#carry.subarray(0, this.#carried);
    if (tail.length > 0) {
      if (tail.length === 1 || tail.includes(PAD)) throw invalidBase64("truncated quartet");
      const padded = Buffer.concat([tail, Buffer.from("==", "latin1")], 4);
      this.#makeRoom(3);
      const written = this.#decodeRun(padded, 0, 4, this.#filled);
      if (written < 0) throw invalidBase64("unexpected character");
      this.#total += written;
      if (this.#total > this.maxBytes) throw ERRORS.PayloadTooLarge(this.maxBytes);
      this.#filled += written;
    }
    if (this.#filled > 0) this.ready.push(this.#slab.subarray(0, this.#filled));
    this.#filled = 0;
  }
}

// Throws a 400 for anything that is not base64 and a 413 as soon as the decoded size passes
// maxBytes, so an oversized body is refused without storing it.
export async function* decodeBase64(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  maxBytes: number,
  options: DecodeOptions = {},
): AsyncGenerator<Buffer> {
  const decoder = new SlabDecoder(maxBytes, options.reuse);
  try {
    for await (const chunk of source) {
      const text = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
      if (!decoder.feed(text, false)) decoder.feed(withoutWhitespace(text), true);
      while (decoder.ready.length > 0) yield decoder.ready.shift()!;
    }
    decoder.finish();
    while (decoder.ready.length > 0) yield decoder.ready.shift()!;
  } finally {
    // Reached when the consumer asks past the last chunk, stops early or meets an error: it holds no chunk any more.
    decoder.release();
  }
}
