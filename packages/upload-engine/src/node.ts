// Node adapters: files on disk as upload sources, and node:crypto as the SHA-256 function.
import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Sha256 } from './sha256'
import type { UploadSource } from './upload-source'

export const nodeSha256: Sha256 = (bytes) => createHash('sha256').update(bytes).digest()

/** The part of fs.promises.FileHandle this adapter reads. */
export interface FileHandleLike {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>
}

/** Reads a part straight from an open file handle; nothing beyond the part is ever loaded. */
export function fromFileHandle(
  handle: FileHandleLike,
  meta: { readonly name: string; readonly size: number; readonly type?: string },
): UploadSource {
  const readInto = async (target: Uint8Array, position: number): Promise<number> => {
    let filled = 0
    // A read may return fewer bytes than asked; stop at end of file rather than loop forever.
    while (filled < target.length) {
      const { bytesRead } = await handle.read(target, filled, target.length - filled, position + filled)
      if (bytesRead === 0) break
      filled += bytesRead
    }
    return filled
  }
  return {
    name: meta.name,
    size: meta.size,
    type: meta.type ?? '',
    async slice(start, end) {
      const buffer = new Uint8Array(Math.max(0, end - start))
      return buffer.subarray(0, await readInto(buffer, start))
    },
    readInto,
  }
}

/** Opens a file for upload; close it when the upload settles. */
export async function openFileSource(
  path: string,
  options: { readonly name?: string; readonly type?: string } = {},
): Promise<UploadSource & { close(): Promise<void> }> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    const source = fromFileHandle(handle, { name: options.name ?? basename(path), size, ...(options.type ? { type: options.type } : {}) })
    return { ...source, close: () => handle.close() }
  } catch (error) {
    await handle.close()
    throw error
  }
}
