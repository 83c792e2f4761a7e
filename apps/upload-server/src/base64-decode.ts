// Streaming base64 decoding with bounded memory: a chunk in, its bytes out, at most 3 characters carried.
import { ERRORS, type HttpError } from '@atelier/storage';

const PAD = 0x3d;
const WHITESPACE = [0x0a, 0x0d, 0x20, 0x09];

export function invalidBase64(why: string): HttpError {
  return ERRORS.InvalidBody(`invalid base64 (${why})`);
}

// Line breaks are tolerated; searching with indexOf keeps the common unbroken body on the fast path.
function withoutWhitespace(bytes: Buffer): Buffer {
  if (WHITESPACE.every((byte) => bytes.indexOf(byte) === -1)) return bytes;
  const kept = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (const byte of bytes) if (!WHITESPACE.includes(byte)) kept[length++] = byte;
  return kept.subarray(0, length);
}

// Node's decoder skips characters outside the alphabet and stops at misplaced padding, so
// either shows up as fewer bytes than the text length promises: one length check validates
// the whole block far faster than a regular expression over it would.
function decodeChecked(text: Buffer, padding: number): Buffer {
  const bytes = Buffer.from(text.toString('latin1'), 'base64');
  const expected = Math.floor((text.length * 3) / 4) - padding;
  if (bytes.length !== expected) throw invalidBase64('unexpected character or misplaced padding');
  return bytes;
}

function trailingPadding(text: Buffer): number {
  if (text[text.length - 1] !== PAD) return 0;
  return text[text.length - 2] === PAD ? 2 : 1;
}

// Throws a 400 for anything that is not base64 and a 413 as soon as the decoded size passes
// maxBytes, so an oversized body is refused without storing it.
export async function* decodeBase64(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  let carry: Buffer = Buffer.alloc(0);
  let padded = false;
  let total = 0;
  const count = (bytes: Buffer): Buffer => {
    total += bytes.length;
    if (total > maxBytes) throw ERRORS.PayloadTooLarge(maxBytes);
    return bytes;
  };
  for await (const chunk of source) {
    const bytes = withoutWhitespace(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
    if (bytes.length === 0) continue;
    if (padded) throw invalidBase64('data after padding');
    const text = carry.length > 0 ? Buffer.concat([carry, bytes]) : bytes;
    const usable = text.length - (text.length % 4);
    carry = Buffer.from(text.subarray(usable));
    if (usable === 0) continue;
    const block = text.subarray(0, usable);
    const padding = trailingPadding(block);
    // Padding may only close the body.
    if (padding > 0) padded = true;
    yield count(decodeChecked(block, padding));
  }
  if (carry.length === 0) return;
  // Two or three trailing characters are an unpadded tail, which many encoders emit.
  if (carry.length === 1 || carry.includes(PAD)) throw invalidBase64('truncated quartet');
  yield count(decodeChecked(carry, 0));
}
