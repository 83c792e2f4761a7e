import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DECODED_BLOCK_BYTES, decodeBase64 } from "./base64-decode";
import { SLAB_BYTES } from "./slabs";

async function decode(chunks: string[], max = 1024 * 1024): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const bytes of decodeBase64(
    chunks.map((c) => Buffer.from(c, "latin1")),
    max,
  ))
    out.push(bytes);
  return Buffer.concat(out);
}

// Splits text at every given offset, to hit quartet boundaries in every position.
function split(text: string, step: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += step) pieces.push(text.slice(i, i + step));
  return pieces;
}

describe("decodeBase64", () => {
  it("with reuse, hands out two slabs in turn, each whole until the next chunk is pulled", async () => {
    const data = randomBytes(5 * SLAB_BYTES + 12345);
    const text = Buffer.from(data.toString("base64"), "latin1");
    const chunks = split(text.toString("latin1"), 65536).map((c) => Buffer.from(c, "latin1"));
    const copies: Buffer[] = [];
    const slabs = new Set<ArrayBufferLike>();
    for await (const bytes of decodeBase64(chunks, data.length, { reuse: true })) {
      copies.push(Buffer.from(bytes));
      slabs.add(bytes.buffer);
    }
    expect(Buffer.concat(copies).equals(data)).toBe(true);
    expect(copies.length).toBeGreaterThan(5);
    expect(slabs.size).toBe(2);
  });

  it.each([0, 1, 2, 3, 4, 5, 100, 4099])("decodes %i bytes across every chunking", async (size) => {
    const data = randomBytes(size);
    const encoded = data.toString("base64");
    for (const step of [1, 2, 3, 5, 7, 64, 1000]) {
      expect((await decode(split(encoded, step))).equals(data)).toBe(true);
    }
  });

  it("tolerates line breaks and an unpadded tail", async () => {
    const data = randomBytes(200);
    const wrapped = data.toString("base64").replace(/(.{76})/g, "$1\r\n");
    expect((await decode(split(wrapped, 13))).equals(data)).toBe(true);
    expect((await decode([data.subarray(0, 10).toString("base64").replace(/=+$/, "")])).equals(data.subarray(0, 10))).toBe(true);
  });

  it("tolerates line breaks that fall at every position of a chunk or a quartet", async () => {
    const data = randomBytes(300);
    const wrapped = data
      .toString("base64")
      .replace(/(.{76})/g, "$1\r\n")
      .replace(/(.{30})/g, "$1 ");
    for (const step of [1, 2, 3, 4, 5, 6, 7, 11, 77, 1000]) {
      expect((await decode(split(wrapped, step))).equals(data)).toBe(true);
    }
    expect((await decode([data.subarray(0, 4).toString("base64"), "\r\n", " "])).equals(data.subarray(0, 4))).toBe(true);
  });

  it("gathers socket-sized chunks into slabs and decodes across slab boundaries", async () => {
    const data = randomBytes(3 * DECODED_BLOCK_BYTES + 12345);
    const encoded = data.toString("base64");
    const blocks: Buffer[] = [];
    for await (const block of decodeBase64(
      split(encoded, 65_531).map((c) => Buffer.from(c, "latin1")),
      data.length,
    )) {
      blocks.push(block);
    }
    expect(Buffer.concat(blocks).equals(data)).toBe(true);
    expect(blocks.length).toBeLessThanOrEqual(5);
    for (const block of blocks) expect(block.length).toBeLessThanOrEqual(DECODED_BLOCK_BYTES);
    // One chunk larger than a slab still decodes in one piece.
    expect((await decode([encoded], data.length)).equals(data)).toBe(true);
  });

  it.each([
    ["a bad character", ["QUFB*UFB"]],
    ["a bad character completing a carried quartet", ["QUF", "B*UFB"]],
    ["a bad character in the carried tail", ["QUFBQU*", "B"]],
    ["data after padding", ["QQ==", "QUFB"]],
    ["padding in the middle", ["QQ==QUFB"]],
    ["a lone trailing character", ["QUFBQ"]],
    ["three padding characters", ["Q==="]],
  ])("refuses %s with a 400", async (_label, chunks) => {
    await expect(decode(chunks)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("refuses with a 413 as soon as the decoded size passes the limit", async () => {
    const encoded = randomBytes(301).toString("base64");
    await expect(decode(split(encoded, 40), 300)).rejects.toMatchObject({ statusCode: 413 });
    expect((await decode(split(encoded, 40), 301)).length).toBe(301);
  });
});
