// A large deterministic file generated per slice, so tests and benchmarks never hold it whole.
import type { UploadSource } from "../upload-source";

const BLOCK_SIZE = 1 << 16;

/**
 * Byte i is a fixed pseudo-random function of i (a 64 KiB block, each repeat offset by
 * its block number), so any slice can be regenerated and parts differ from each other.
 */
export function syntheticSource(
  size: number,
  meta: { readonly name?: string; readonly type?: string; readonly seed?: number } = {},
): UploadSource {
  const block = new Uint8Array(BLOCK_SIZE);
  let state = (meta.seed ?? 0x9e3779b9) >>> 0;
  for (let index = 0; index < BLOCK_SIZE; index++) {
    // xorshift32: cheap and deterministic, no injected randomness needed for test data.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    block[index] = state & 0xff;
  }
  const readInto = async (target: Uint8Array, position: number): Promise<number> => {
    const from = Math.max(0, Math.min(position, size));
    const length = Math.min(target.length, size - from);
    let offset = 0;
    while (offset < length) {
      const at = from + offset;
      const blockNumber = Math.floor(at / BLOCK_SIZE);
      const within = at % BLOCK_SIZE;
      const run = Math.min(BLOCK_SIZE - within, length - offset);
      target.set(block.subarray(within, within + run), offset);
      // The first three bytes of every block carry its number, so equal offsets in
      // different parts still differ; written for whichever of them this run covers.
      for (let marker = within; marker < 3 && marker < within + run; marker++) {
        target[offset + marker - within] = (blockNumber >>> (8 * marker)) & 0xff;
      }
      offset += run;
    }
    return length;
  };
  return {
    name: meta.name ?? "synthetic.bin",
    size,
    type: meta.type ?? "application/octet-stream",
    async slice(start, end) {
      const from = Math.max(0, Math.min(start, size));
      const bytes = new Uint8Array(Math.max(0, Math.min(end, size) - from));
      await readInto(bytes, from);
      return bytes;
    },
    readInto,
  };
}
