// Secrets every instance on this database shares (migration 2026-11-28-1600-shared-secrets).
import type { Db } from "./create-db";

const read = (db: Db, name: string) => db.selectFrom("sharedSecrets").select("value").where("name", "=", name).executeTakeFirst();

/**
 * The secret kept under `name`; when there is none yet, `make()`'s is kept, unless another instance kept its own
 * meanwhile: every caller gets the one that was kept first.
 */
export async function sharedSecret(db: Db, name: string, make: () => string): Promise<string> {
  const kept = await read(db, name);
  if (kept) return kept.value;
  await db
    .insertInto("sharedSecrets")
    .values({ name, value: make(), createdAt: new Date() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const first = await read(db, name);
  if (!first) throw new Error(`The shared secret ${name} was not kept.`);
  return first.value;
}
