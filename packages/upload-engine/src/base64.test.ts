// The base64 codec against Node's own, byte for byte, including in-place encoding and strict decoding.
import { describe, expect, it } from "vitest";
import { Base64Error, base64Length, decodeBase64, encodeBase64, encodeBase64Into } from "./base64";

// Deterministic bytes without any injected randomness.
function bytesOf(length: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

const ascii = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

describe("encodeBase64", () => {
  it("encodes the RFC 4648 vectors", () => {
    const vectors: [string, string][] = [
      ["", ""],
      ["f", "Zg=="],
      ["fo", "Zm8="],
      ["foo", "Zm9v"],
      ["foob", "Zm9vYg=="],
      ["fooba", "Zm9vYmE="],
      ["foobar", "Zm9vYmFy"],
    ];
    for (const [text, expected] of vectors) expect(ascii(encodeBase64(new TextEncoder().encode(text)))).toBe(expected);
  });

  it("agrees with Node for every length up to 300 and every byte value", () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = bytesOf(length, length + 7);
      expect(ascii(encodeBase64(bytes))).toBe(Buffer.from(bytes).toString("base64"));
    }
    const all = Uint8Array.from({ length: 256 * 3 }, (_, index) => index % 256);
    expect(ascii(encodeBase64(all))).toBe(Buffer.from(all).toString("base64"));
  });

  it("encodes a full 10 MiB part and an unaligned view", () => {
    const part = bytesOf(10485760);
    expect(ascii(encodeBase64(part))).toBe(Buffer.from(part).toString("base64"));
    const view = part.subarray(3, 1001);
    expect(ascii(encodeBase64(view))).toBe(Buffer.from(view).toString("base64"));
  });

  it("encodes in place when the bytes sit at the tail of the output", () => {
    for (const length of [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 100, 1001, 65536]) {
      const bytes = bytesOf(length, 11);
      const buffer = new Uint8Array(base64Length(length));
      buffer.set(bytes, buffer.length - length);
      encodeBase64Into(buffer.subarray(buffer.length - length), buffer);
      expect(ascii(buffer)).toBe(Buffer.from(bytes).toString("base64"));
    }
  });

  it("refuses an output of the wrong size or alignment", () => {
    expect(() => encodeBase64Into(new Uint8Array(3), new Uint8Array(8))).toThrow(RangeError);
    expect(() => encodeBase64Into(new Uint8Array(3), new Uint8Array(9).subarray(1, 5))).toThrow(RangeError);
  });

  it("knows the encoded length", () => {
    expect([0, 1, 2, 3, 4, 10485760].map(base64Length)).toEqual([0, 4, 4, 4, 8, 13981016]);
  });
});

describe("decodeBase64", () => {
  it("round-trips text and bytes input", () => {
    for (const length of [0, 1, 2, 3, 4, 5, 1000, 65537]) {
      const bytes = bytesOf(length, 3);
      const encoded = encodeBase64(bytes);
      expect(decodeBase64(encoded)).toEqual(bytes);
      expect(decodeBase64(ascii(encoded))).toEqual(bytes);
    }
  });

  it.each([
    ["length not a multiple of 4", "Zm9"],
    ["whitespace", "Zm9v\nYmFy"],
    ["url-safe alphabet", "ab-_"],
    ["padding in the middle", "Zg==Zm9v"],
    ["three padding characters", "Z==="],
    ["non-zero bits before padding", "Zh=="],
    ["non-ASCII", "Zm9vé==="],
  ])("refuses %s", (_, text) => {
    expect(() => decodeBase64(text)).toThrow(Base64Error);
  });
});
