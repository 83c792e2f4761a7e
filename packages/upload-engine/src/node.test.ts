// Node adapters: file-handle sources and node:crypto hashing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fromFileHandle, nodeSha256, openFileSource } from './node'
import { toHex, webCryptoSha256 } from './sha256'

const bytes = Uint8Array.from({ length: 1000 }, (_, index) => (index * 7) % 256)

describe('file sources', () => {
  it('reads parts from a file on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'upload-engine-'))
    try {
      const path = join(dir, 'asset.bin')
      await writeFile(path, bytes)
      const source = await openFileSource(path, { type: 'application/pdf' })
      expect([source.name, source.size, source.type]).toEqual(['asset.bin', 1000, 'application/pdf'])
      expect(await source.slice(100, 900)).toEqual(bytes.slice(100, 900))
      expect(await source.slice(990, 1010)).toEqual(bytes.slice(990))
      await source.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('keeps reading when a handle returns short reads', async () => {
    const handle = {
      async read(buffer: Uint8Array, offset: number, length: number, position: number) {
        const take = Math.min(length, 7, bytes.length - position)
        buffer.set(bytes.subarray(position, position + take), offset)
        return { bytesRead: Math.max(take, 0) }
      },
    }
    const source = fromFileHandle(handle, { name: 'x', size: 1000 })
    expect(await source.slice(3, 503)).toEqual(bytes.slice(3, 503))
  })
})

describe('sha256 adapters', () => {
  it('agree on the digest of "abc"', async () => {
    const abc = new TextEncoder().encode('abc')
    const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    expect(toHex(await nodeSha256(abc))).toBe(expected)
    expect(toHex(await webCryptoSha256(globalThis.crypto.subtle)(abc))).toBe(expected)
  })
})
