// What creating calls made, by the idempotency key their caller sent: one row per (person, key).
import type { Db } from "./create-db";

export interface RequestKey {
  userId: string;
  requestId: string;
  procedure: string;
}

/**
 * Records `result` under the key, in the caller's transaction. Answers false, recording nothing, when the key is taken:
 * a transaction holding the same key and not yet ended makes this wait for its end (the primary key's check), so of
 * two concurrent calls with one key exactly one records it.
 */
export async function claimRequest(trx: Db, key: RequestKey, result: unknown): Promise<boolean> {
  const row = await trx
    .insertInto("requestResults")
    .values({ ...key, result: JSON.stringify(result) })
    .onConflict((c) => c.columns(["userId", "requestId"]).doNothing())
    .returning("requestId")
    .executeTakeFirst();
  return row !== undefined;
}

/** What the first call with this person's key made, and by which procedure. */
export async function findRequestResult(
  db: Db,
  userId: string,
  requestId: string,
): Promise<{ procedure: string; result: unknown } | undefined> {
  const row = await db
    .selectFrom("requestResults")
    .select(["procedure", "result"])
    .where("userId", "=", userId)
    .where("requestId", "=", requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { procedure: row.procedure, result: typeof row.result === "string" ? JSON.parse(row.result) : row.result };
}
