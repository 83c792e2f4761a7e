// The signing key without SIGNING_KEY, on real PostgreSQL: instances that start together sign with one key, a key an
// earlier version kept in DATA_DIR is adopted, and once kept it stays whatever another instance's folder holds.
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signingKeyFromPem } from "@atelier/api";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { afterEach, describe, expect, it } from "vitest";
import { sharedSigningKey } from "./secrets";

const folder = () => mkdtempSync(join(tmpdir(), "atelier-keys-"));
const pem = () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString().trim();

describe("sharedSigningKey", () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.destroy();
    t = undefined;
  });

  it("gives instances that start at once, each with its own folder, one Ed25519 key", async () => {
    t = await createTestDatabase();
    const db = t.db;
    const keys = await Promise.all(Array.from({ length: 4 }, () => sharedSigningKey(db, folder())));
    expect(new Set(keys).size).toBe(1);
    expect(signingKeyFromPem(keys[0] ?? "").keyId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // A restart reads the same key.
    expect(await sharedSigningKey(db, folder())).toBe(keys[0]);
  });

  it("adopts the key an earlier version kept in DATA_DIR, and keeps it over another folder's", async () => {
    t = await createTestDatabase();
    const earlier = folder();
    const kept = pem();
    writeFileSync(join(earlier, "signing-key.pem"), `${kept}\n`);
    expect(await sharedSigningKey(t.db, earlier)).toBe(kept);
    const other = folder();
    writeFileSync(join(other, "signing-key.pem"), pem());
    expect(await sharedSigningKey(t.db, other)).toBe(kept);
  });
});
