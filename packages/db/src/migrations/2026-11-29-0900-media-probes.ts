// Video and sound proofs (docs/compare.md, "Video and sound"). A stored video or sound is probed once on the server
// (its length, frame rate, size and codecs, and a poster frame or a waveform for its thumbnail), by key: the same
// bytes in a project's files and in the rounds sent from them share it. A row waits as 'pending' from the moment the
// file joins a project, so a probe survives a restart; workers lease one at a time (leased_until). A comment on a
// video or a sound is pinned to a moment: annotations.at, seconds from the start.
// A new table and a nullable column with no default: nothing is rewritten, the locks are brief.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("media_probes")
    .addColumn("key", "text", (c) => c.primaryKey().check(sql`length(key) <= 2000`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'done', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("leased_until", "timestamptz")
    .addColumn("duration_s", "double precision", (c) => c.check(sql`duration_s >= 0`))
    .addColumn("fps", "double precision", (c) => c.check(sql`fps > 0`))
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("video_codec", "text", (c) => c.check(sql`length(video_codec) <= 100`))
    .addColumn("audio_codec", "text", (c) => c.check(sql`length(audio_codec) <= 100`))
    .addColumn("poster", "text", (c) => c.check(sql`length(poster) <= 4096`))
    .addColumn("error", "text", (c) => c.check(sql`length(error) <= 1000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("probed_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("media_probes_pending")
    .on("media_probes")
    .column("created_at")
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema
    .alterTable("annotations")
    .addColumn("at", "double precision", (c) => c.check(sql`at >= 0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("annotations").dropColumn("at").execute();
  await db.schema.dropTable("media_probes").execute();
}
