// Node adapters: file-handle sources and node:crypto hashing.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { base64Length, encodeBase64 } from "./base64";
import { fromFileHandle, nodeBase64, nodeSha256, openFileSource } from "./node";
import { toHex, webCryptoSha256 } from "./sha256";

const bytes = Uint8Array.from({ length: 1000 }, (_, index) => (index * 7) % 256);

describe("file sources", () => {
  it("reads parts from a file on disk", async () => {
    const dir = await mkdtemp(join(tmpdir(), "upload-engine-"));
    try {
      const path = join(dir, "asset.bin");
      await writeFile(path, bytes);
      const source = await openFileSource(path, { type: "application/pdf" });
      expect([source.name, source.size, source.type]).toEqual(["asset.bin", 1000, "application/pdf"]);
      expect(await source.slice(100, 900)).toEqual(bytes.slice(100, 900));
      expect(await source.slice(990, 1010)).toEqual(bytes.slice(990));
      await source.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps reading when a handle returns short reads", async () => {
    const handle = {
      async read(buffer: Uint8Array, offset: number, length: number, position: number) {
        const take = Math.min(length, 7, bytes.length - position);
        buffer.set(bytes.subarray(position, position + take), offset);
        return { bytesRead: Math.max(take, 0) };
      },
    };
    const source = fromFileHandle(handle, { name: "x", size: 1000 });
    expect(await source.slice(3, 503)).toEqual(bytes.slice(3, 503));
  });
});

describe("sha256 adapters", () => {
  it('agree on the digest of "abc"', async () => {
    const abc = new TextEncoder().encode("abc");
    const expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    expect(toHex(await nodeSha256(abc))).toBe(expected);
    expect(toHex(await webCryptoSha256(globalThis.crypto.subtle)(abc))).toBe(expected);
  });
});

describe("nodeBase64", () => {
  const random = (length: number) => Uint8Array.from({ length }, () => Math.floor(Math.random() * 256));

  it("writes what the engine's own encoder writes, for every tail length", () => {
    for (const length of [0, 1, 2, 3, 4, 5, 6, 47, 48, 49, 1000, 65537]) {
      const bytes = random(length);
      const output = new Uint8Array(base64Length(length));
      nodeBase64(bytes, output);
      expect(output).toEqual(encodeBase64(bytes));
    }
  });

  it("encodes a part read into the tail of its own output buffer, across many slices", () => {
    const bytes = random(300001);
    const output = new Uint8Array(base64Length(bytes.length));
    const tail = output.subarray(output.length - bytes.length);
    tail.set(bytes);
    nodeBase64(tail, output);
    expect(output).toEqual(encodeBase64(bytes));
  });

  it("refuses an output of the wrong length instead of writing a short body", () => {
    expect(() => nodeBase64(random(10), new Uint8Array(12))).toThrow(RangeError);
  });
});
