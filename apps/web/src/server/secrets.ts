// Secrets of the embedded run, generated once and kept beside its data.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

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
 * Without SIGNING_KEY the embedded run keeps an Ed25519 key (PKCS #8 PEM) beside its data, generated once, so the
 * certificates it signed still verify after a restart (docs/approval-certificate.md).
 */
export function embeddedSigningKey(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "signing-key.pem");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString().trim();
    writeFileSync(file, pem, { mode: 0o600 });
    return pem;
  }
}
