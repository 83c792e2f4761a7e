import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeBase64 } from "./base64-decode";
import { rawBody } from "./raw-body";
import { giveBackSlabs, keptSlabs, SLAB_BYTES, takeSlab } from "./slabs";

function* pieces(data: Buffer, size = 65536): Generator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function* asyncPieces(data: Buffer): AsyncGenerator<Buffer> {
  yield* pieces(data);
}

/** Reads a body whole, as a staging write does (each chunk used before the next is pulled); answers its bytes and slabs. */
async function readAll(body: AsyncIterable<Buffer>): Promise<{ bytes: Buffer; slabs: Set<ArrayBufferLike> }> {
  const copies: Buffer[] = [];
  const slabs = new Set<ArrayBufferLike>();
  for await (const chunk of body) {
    copies.push(Buffer.from(chunk));
    slabs.add(chunk.buffer);
  }
  return { bytes: Buffer.concat(copies), slabs };
}

describe("slabs shared by the parts of a process", () => {
  it("a finished binary body's slabs are lent to the next body, which allocates none", async () => {
    const first = randomBytes(3 * SLAB_BYTES + 100);
    const second = randomBytes(2 * SLAB_BYTES + 7);
    const a = await readAll(rawBody(asyncPieces(first), first.length, { reuse: true }));
    const b = await readAll(rawBody(asyncPieces(second), second.length, { reuse: true }));
    expect(a.bytes.equals(first)).toBe(true);
    expect(b.bytes.equals(second)).toBe(true);
    expect(b.slabs.size).toBe(2);
    expect([...b.slabs].every((slab) => a.slabs.has(slab))).toBe(true);
  });

  it("a base64 body gives its slabs back too, and the next binary one takes them", async () => {
    const data = randomBytes(2 * SLAB_BYTES + 3);
    const decoded = await readAll(decodeBase64(pieces(Buffer.from(data.toString("base64"), "latin1")), data.length, { reuse: true }));
    expect(decoded.bytes.equals(data)).toBe(true);
    const raw = await readAll(rawBody(asyncPieces(data), data.length, { reuse: true }));
    expect([...raw.slabs].every((slab) => decoded.slabs.has(slab))).toBe(true);
  });

  it("a body left midway or refused gives its slabs back", async () => {
    const data = randomBytes(3 * SLAB_BYTES);
    // The process keeps at most 8 slabs; fill the keep first, so that a body taking slabs and giving them back leaves
    // it as it was whichever tests ran before, and a slab not given back shows as one fewer.
    giveBackSlabs(Array.from({ length: 8 }, () => takeSlab()));
    const before = keptSlabs();
    expect(before).toBe(8);
    for await (const _ of rawBody(asyncPieces(data), data.length, { reuse: true })) break;
    expect(keptSlabs()).toBe(before);
    const tooLong = rawBody(asyncPieces(data), 2 * SLAB_BYTES, { reuse: true });
    await expect(readAll(tooLong)).rejects.toMatchObject({ statusCode: 413 });
    expect(keptSlabs()).toBe(before);
    const bad = Buffer.from(`${data.toString("base64").slice(0, 2_000_000)}!!!!`, "latin1");
    await expect(readAll(decodeBase64(pieces(bad), data.length, { reuse: true }))).rejects.toMatchObject({ statusCode: 400 });
    expect(keptSlabs()).toBe(before);
  });

  it("keeps a few slabs for the next parts, not every one a busy moment used", () => {
    const taken = Array.from({ length: 20 }, () => takeSlab());
    giveBackSlabs(taken);
    expect(keptSlabs()).toBe(8);
    expect(new Set(Array.from({ length: 8 }, () => takeSlab()).map((s) => s.buffer)).size).toBe(8);
    expect(keptSlabs()).toBe(0);
  });
});
