// Passes a byte stream through unchanged and fails as soon as more than `limit` bytes went by.
import { ERRORS } from "./errors";

export async function* limitBytes(source: AsyncIterable<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.length;
    if (seen > limit) throw ERRORS.PayloadTooLarge(limit);
    yield chunk;
  }
}
