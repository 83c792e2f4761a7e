// What each person stored in the image buckets, for their allowance (IMAGE_QUOTA in @atelier/domain).
import { sql } from "kysely";
import type { Db } from "./create-db";

export async function imageUsage(db: Db, userId: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom("imageUploads")
    .select([sql<number>`count(*)`.as("files"), sql<number>`coalesce(sum(bytes), 0)`.as("bytes")])
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

/** Counts an image against whoever stored it; an image stored again over its key counts once, for its last uploader. */
export async function recordImageUpload(db: Db, upload: { key: string; userId: string; bytes: number }): Promise<void> {
  await db
    .insertInto("imageUploads")
    .values(upload)
    .onConflict((oc) => oc.column("key").doUpdateSet({ userId: upload.userId, bytes: upload.bytes }))
    .execute();
}
