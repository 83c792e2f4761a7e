// The studio's Ed25519 key that signs approval certificates (docs/approval-certificate.md): read from PKCS #8 PEM,
// named by an id derived from its public half, published as a JWK, and used to sign and verify canonical records.
import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The first 16 base64url characters of the SHA-256 of the public key (SPKI, DER): which key signed a record. */
  keyId: string;
}

/** The key of a PKCS #8 PEM text; throws when it is not an Ed25519 private key. */
export function signingKeyFromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error(`is a ${privateKey.asymmetricKeyType} key, not an Ed25519 key`);
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: "spki", format: "der" });
  return { privateKey, publicKey, keyId: createHash("sha256").update(der).digest("base64url").slice(0, 16) };
}

/** The Ed25519 signature of the text's UTF-8 bytes, in base64url. */
export function signText(key: SigningKey, text: string): string {
  return sign(null, Buffer.from(text, "utf8"), key.privateKey).toString("base64url");
}

/** Whether the signature (base64url) is the key's over exactly these bytes. */
export function verifyText(publicKey: KeyObject, bytes: Uint8Array, signature: string): boolean {
  return verify(null, bytes, publicKey, Buffer.from(signature, "base64url"));
}

/** The public key as a JSON Web Key (RFC 8037), with its id. */
export function publicJwk(key: SigningKey) {
  const jwk = key.publicKey.export({ format: "jwk" });
  return { kty: "OKP" as const, crv: "Ed25519" as const, x: jwk.x as string, kid: key.keyId, alg: "EdDSA" as const, use: "sig" as const };
}
