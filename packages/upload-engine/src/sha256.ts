// The injected SHA-256 function's shape, and helpers to turn a digest into the header value.

/** Digest of the bytes; Web Crypto answers an ArrayBuffer, node:crypto a Buffer. */
export type Sha256 = (bytes: Uint8Array) => Promise<ArrayBuffer | Uint8Array> | ArrayBuffer | Uint8Array;

/** The part of Web Crypto's SubtleCrypto this package needs. */
export interface DigestProvider {
  digest(algorithm: "SHA-256", data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}

/** Adapts Web Crypto; pass `crypto.subtle` from the page (or from Node's globals). */
export function webCryptoSha256(subtle: DigestProvider): Sha256 {
  // Parts are read into plain ArrayBuffers, never shared memory, which is what Web Crypto's types ask for.
  return (bytes) => subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
}

const HEX = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, "0"));

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let hex = "";
  for (let index = 0; index < view.length; index++) hex += HEX[view[index]!];
  return hex;
}

/** Lower-case hex SHA-256 of `bytes` through the injected function. */
export async function sha256Hex(sha256: Sha256, bytes: Uint8Array): Promise<string> {
  return toHex(await sha256(bytes));
}
