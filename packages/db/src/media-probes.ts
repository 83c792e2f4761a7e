// The server's probes of stored videos and sounds (docs/compare.md, "Video and sound"): queued as a file joins a
// project, leased by one worker at a time, kept by key. See migrations/2026-11-29-0900-media-probes.ts.
import { isMedia, type MediaProbeStatus } from "@atelier/domain";
import type { Db } from "./create-db";

/** What a probe found: the length in seconds, the frame rate and size of a video, the codecs, the poster. */
export interface MediaFacts {
  durationS: number | null;
  fps: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  poster: string | null;
}

/** A video or sound as the viewer knows it: waiting for its probe, probed, or not probed (the probe failed). */
export type MediaInfo = { status: MediaProbeStatus } & Omit<MediaFacts, "poster">;

/** Queues a probe of each video or sound among `files` (others are left alone; a key probed before is not again). */
export async function queueMediaProbes(db: Db, files: readonly { key: string; name: string; type: string | null }[], now: Date) {
  const keys = [...new Set(files.filter(isMedia).map((f) => f.key))];
  if (keys.length === 0) return;
  await db
    .insertInto("mediaProbes")
    .values(keys.map((key) => ({ key, createdAt: now })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Takes the oldest waiting probe for `leaseMs` (no other worker takes it meanwhile), or undefined when none waits. */
export async function leaseMediaProbe(db: Db, now: Date, leaseMs: number): Promise<{ key: string; attempts: number } | undefined> {
  const until = new Date(now.getTime() + leaseMs);
  return db
    .updateTable("mediaProbes")
    .set((eb) => ({ leasedUntil: until, attempts: eb("attempts", "+", 1) }))
    .where("key", "=", (eb) =>
      eb
        .selectFrom("mediaProbes")
        .select("key")
        .where("status", "=", "pending")
        .where((w) => w.or([w("leasedUntil", "is", null), w("leasedUntil", "<", now)]))
        .orderBy("createdAt")
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["key", "attempts"])
    .executeTakeFirst();
}

/**
 * Keeps what the probe of `key` found; its poster becomes the thumbnail of every project file and round file of
 * these bytes (a video's or a sound's own, made on upload, is the placeholder).
 */
export async function finishMediaProbe(db: Db, key: string, facts: MediaFacts, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("mediaProbes")
      .set({ ...facts, status: "done", error: null, leasedUntil: null, probedAt: now })
      .where("key", "=", key)
      .execute();
    if (facts.poster === null) return;
    await trx.updateTable("projectFiles").set({ thumbnail: facts.poster, blur: facts.poster }).where("key", "=", key).execute();
    await trx.updateTable("proofFiles").set({ thumbnail: facts.poster }).where("key", "=", key).execute();
  });
}

/** A probe that failed: tried again after `retryInMs`, or given up (the file still plays, without a poster). */
export async function failMediaProbe(db: Db, key: string, error: string, options: { now: Date; retryInMs: number | null }) {
  await db
    .updateTable("mediaProbes")
    .set({
      error: error.slice(0, 1000),
      ...(options.retryInMs === null
        ? { status: "failed" as const, leasedUntil: null, probedAt: options.now }
        : { leasedUntil: new Date(options.now.getTime() + options.retryInMs) }),
    })
    .where("key", "=", key)
    .execute();
}

/** What is known of each of `keys` that is a video or sound, by key. */
export async function mediaByKey(db: Db, keys: readonly string[]): Promise<Map<string, MediaInfo>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom("mediaProbes")
    .select(["key", "status", "durationS", "fps", "width", "height", "videoCodec", "audioCodec"])
    .where("key", "in", unique)
    .execute();
  return new Map(rows.map(({ key, ...info }) => [key, info]));
}
