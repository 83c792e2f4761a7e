// Secrets of the embedded run, generated once and kept beside its data, and the signing key every instance shares.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Db, sharedSecret } from "@atelier/db";

/** Without a configured secret the embedded run keeps a random one beside its data, so it survives restarts. */
export function embeddedSecret(dataDir: string, name: "auth-secret" | "upload-secret"): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * Without SIGNING_KEY the studio's Ed25519 key (PKCS #8 PEM) is kept in the database, made once by the first instance
 * that needs it, so that every instance signs with the same key and certificates verify after restarts
 * (docs/approval-certificate.md). A key an earlier version kept in DATA_DIR is adopted, so what it signed still verifies.
 */
export function sharedSigningKey(db: Db, dataDir: string): Promise<string> {
  return sharedSecret(db, "signing-key", () => {
    try {
      return readFileSync(join(dataDir, "signing-key.pem"), "utf8").trim();
    } catch {
      return generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString().trim();
    }
  });
}
