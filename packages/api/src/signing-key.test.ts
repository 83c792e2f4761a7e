// Certificates' signatures (docs/approval-certificate.md): the canonical record verifies with the published key, and
// changing any one of its bytes, or of the signature's, makes it fail.
import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { canonicalJson, certificateRecord } from "@atelier/domain";
import { describe, expect, it } from "vitest";
import { publicJwk, signingKeyFromPem, signText, verifyText } from "./signing-key";

const pem = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const key = signingKeyFromPem(pem);
const record = canonicalJson(
  certificateRecord(
    {
      proofId: "proof-1",
      round: 3,
      sentAt: new Date("2026-11-27T09:00:00Z"),
      projectId: "project-1",
      projectName: "2026-11-27-Spring-Poster",
      projectTitle: "Spring poster — 春のポスター </script>",
      businessName: "Acme",
      approvedAt: new Date("2026-11-28T06:58:00Z"),
      verifiedBy: "email_code",
      guestName: "Lee Legal",
      guestEmail: "lee@legal.test",
      approverName: null,
      approverEmail: null,
      ipAddress: "2001:db8::1",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
      files: [
        { name: "poster.pdf", size: 7_340_032, sha256: "0f".repeat(32) },
        { name: "poster-back.png", size: 52, sha256: "e3".repeat(32) },
      ],
      chain: [],
    },
    "AbCdEfGhIjKlMnOpQrSt_-",
    "https://studio.test",
    new Date("2026-11-28T07:00:00Z"),
  ),
);
const published = createPublicKey({ key: publicJwk(key), format: "jwk" });

describe("certificate signatures", () => {
  it("the canonical record verifies with the published key (JWK), and with no other key", () => {
    const signature = signText(key, record);
    expect(verifyText(published, Buffer.from(record, "utf8"), signature)).toBe(true);
    const other = signingKeyFromPem(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    expect(verifyText(other.publicKey, Buffer.from(record, "utf8"), signature)).toBe(false);
  });

  it("fails when any byte of the record changes, each byte in turn", () => {
    const signature = signText(key, record);
    const bytes = Buffer.from(record, "utf8");
    expect(bytes.length).toBeGreaterThan(500);
    let failed = 0;
    for (let i = 0; i < bytes.length; i++) {
      const changed = Buffer.from(bytes);
      changed[i] = (changed[i] ?? 0) ^ 0x01;
      if (!verifyText(published, changed, signature)) failed++;
    }
    expect(failed).toBe(bytes.length);
    // A byte added or taken away too.
    expect(verifyText(published, Buffer.concat([bytes, Buffer.from(" ")]), signature)).toBe(false);
    expect(verifyText(published, bytes.subarray(1), signature)).toBe(false);
  });

  it("fails when any byte of the signature changes", () => {
    const signature = Buffer.from(signText(key, record), "base64url");
    expect(signature.length).toBe(64);
    for (let i = 0; i < signature.length; i++) {
      const changed = Buffer.from(signature);
      changed[i] = (changed[i] ?? 0) ^ 0x80;
      expect(verifyText(published, Buffer.from(record, "utf8"), changed.toString("base64url"))).toBe(false);
    }
  });

  it("names the key by its public half and refuses a key that is not Ed25519", () => {
    expect(signingKeyFromPem(pem).keyId).toBe(key.keyId);
    expect(key.keyId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(publicJwk(key)).toMatchObject({ kty: "OKP", crv: "Ed25519", kid: key.keyId });
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(() => signingKeyFromPem(rsa)).toThrow(/not an Ed25519 key/);
  });
});
