// Secrets of the embedded run, generated once and kept beside its data.
import { randomBytes } from "node:crypto";
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
