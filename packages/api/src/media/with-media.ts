// Files as the viewer is handed them: each video or sound with what its probe found (media-probes in @atelier/db).
import { type Db, type MediaInfo, mediaByKey } from "@atelier/db";
import { isMedia } from "@atelier/domain";

/** A video or sound of `files` carries its probe (null while none was queued); other files carry null. */
export async function withMedia<F extends { key: string; name: string; type: string | null }>(
  db: Db,
  files: readonly F[],
): Promise<(F & { media: MediaInfo | null })[]> {
  const media = await mediaByKey(
    db,
    files.filter(isMedia).map((f) => f.key),
  );
  return files.map((f) => ({ ...f, media: media.get(f.key) ?? null }));
}
