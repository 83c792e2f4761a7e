// Node adapters: files on disk as upload sources, and node:crypto as the SHA-256 function.
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { basename } from "node:path";
import { type Base64Encoder, base64Length } from "./base64";
import type { Sha256 } from "./sha256";
import type { UploadSource } from "./upload-source";

export const nodeSha256: Sha256 = (bytes) => createHash("sha256").update(bytes).digest();

// Slices of this many bytes (a multiple of 3, so every slice but the last ends without padding)
// become short-lived strings in the young generation. Encoding a whole 10 MiB part at once
// makes a 13 MiB string outside the heap per part instead: in the engine benchmark that peaked
// at 427 MiB RSS against 195, and ran a third slower.
const NODE_BASE64_SLICE_BYTES = 3 * 16 * 1024;

/**
 * Node's native base64 encoder behind the engine's Base64Encoder contract, several times as fast
 * as the engine's portable JavaScript one: CPU a client on a shared machine gives back to the
 * upload. Slices are encoded front to back and each is read before it is written, and the text
 * is a third longer than the bytes, so `bytes` may be the tail of `output` as the contract
 * allows: the writes never reach input not yet read.
 */
export const nodeBase64: Base64Encoder = (bytes, output) => {
  if (output.length !== base64Length(bytes.length)) {
    throw new RangeError(`Base64 of ${bytes.length} bytes needs ${base64Length(bytes.length)} bytes, got ${output.length}`);
  }
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const target = Buffer.from(output.buffer, output.byteOffset, output.length);
  let at = 0;
  for (let start = 0; start < input.length; start += NODE_BASE64_SLICE_BYTES) {
    at += target.write(input.toString("base64", start, Math.min(input.length, start + NODE_BASE64_SLICE_BYTES)), at, "latin1");
  }
};

/** The part of fs.promises.FileHandle this adapter reads. */
export interface FileHandleLike {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

/** Reads a part straight from an open file handle; nothing beyond the part is ever loaded. */
export function fromFileHandle(
  handle: FileHandleLike,
  meta: { readonly name: string; readonly size: number; readonly type?: string },
): UploadSource {
  const readInto = async (target: Uint8Array, position: number): Promise<number> => {
    let filled = 0;
    // A read may return fewer bytes than asked; stop at end of file rather than loop forever.
    while (filled < target.length) {
      const { bytesRead } = await handle.read(target, filled, target.length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled;
  };
  return {
    name: meta.name,
    size: meta.size,
    type: meta.type ?? "",
    async slice(start, end) {
      const buffer = new Uint8Array(Math.max(0, end - start));
      return buffer.subarray(0, await readInto(buffer, start));
    },
    readInto,
  };
}

/** Opens a file for upload; close it when the upload settles. */
export async function openFileSource(
  path: string,
  options: { readonly name?: string; readonly type?: string } = {},
): Promise<UploadSource & { close(): Promise<void> }> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const source = fromFileHandle(handle, { name: options.name ?? basename(path), size, ...(options.type ? { type: options.type } : {}) });
    return { ...source, close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
