// Probes the videos and sounds that join projects (docs/compare.md, "Video and sound"): ffmpeg reads the file from an
// upload server by a short-lived signed link (by ranges: a multi-gigabyte master is not read whole) for its length,
// frame rate, size and codecs, then draws a poster (a video's frame a second in, or the first when shorter) or a
// sound's waveform into the thumbnails bucket. Probes wait in the database (media_probes), so one queued before a
// restart still runs; each web instance leases one at a time.
import { createHash } from "node:crypto";
import { type Db, failMediaProbe, finishMediaProbe, leaseMediaProbe, type MediaFacts } from "@atelier/db";
import type { ObjectStore } from "@atelier/storage";
import { publicObjectUrl } from "@atelier/upload-engine";
import { runPeriodically } from "../periodic";
import { pickUploadServer, signedDownloadUrl } from "../stored-files";
import { type FfmpegRun, runFfmpeg } from "./ffmpeg";
import { type ProbeOutput, readProbeOutput } from "./probe-output";

/** How long one probe may hold its lease: ffmpeg's two runs and the poster's store, with room. */
const PROBE_LEASE_MS = 3 * 60 * 1000;
/** How long each ffmpeg run may take before it is stopped (a server that stalls mid-file). */
const FFMPEG_TIMEOUT_MS = 60_000;
/** A poster is a JPEG of at most this width; larger output than this many bytes is refused. */
const POSTER_WIDTH = 640;
const POSTER_MAX_BYTES = 2_000_000;
/** A probe that failed is tried again after these waits, then given up. */
const PROBE_RETRY_MS = [30_000, 5 * 60_000];
/** How often each instance looks for probes waiting. */
const PROBE_PASS_MS = 5_000;

export interface MediaProbeOptions {
  db: Db;
  ffmpeg: string;
  /** Where ffmpeg reads the bytes kept at `key` (a signed link to an upload server), or null when none answers. */
  source: (key: string) => Promise<string | null>;
  /** The image buckets; the poster goes to thumbnails/media/…, served at `appUrl`/storage/v1/object/public/…. */
  images: ObjectStore;
  appUrl: string;
  now?: () => Date;
}

/** How long ffmpeg's link to the bytes holds: both runs read by ranges through it. */
const SOURCE_TTL_MS = 10 * 60 * 1000;

/** Links to the bytes through an upload server (the balancer's pick), signed for the probe. */
export function uploadServerSource(files: { balancerUrl: string; secret: string }, now: () => Date = () => new Date()) {
  return async (key: string): Promise<string | null> => {
    const server = await pickUploadServer(files);
    return server && signedDownloadUrl(server, key, "media-probe", files.secret, now(), SOURCE_TTL_MS);
  };
}

/** ffmpeg's run that only opens the file: it describes its input, then says it was given no output. */
async function describe(ffmpeg: string, url: string): Promise<ProbeOutput> {
  const run = await runFfmpeg(ffmpeg, ["-i", url], { timeoutMs: FFMPEG_TIMEOUT_MS, maxOutput: 0 });
  const facts = readProbeOutput(run.stderr);
  if (!facts) throw new Error(lastLine(run));
  return facts;
}

const lastLine = (run: FfmpegRun) => run.stderr.trim().split(/\r?\n/).at(-1) ?? `ffmpeg exited with ${run.code}`;

/** A video's frame (a second in, or its first when shorter) or a sound's waveform, as a JPEG; null when neither. */
async function poster(ffmpeg: string, url: string, facts: ProbeOutput): Promise<Buffer | null> {
  let args: string[];
  if (facts.videoCodec) {
    const at = facts.durationS !== null && facts.durationS < 2 ? 0 : 1;
    args = ["-ss", String(at), "-i", url, "-map", "0:v:0", "-frames:v", "1", "-vf", `scale='min(${POSTER_WIDTH},iw)':-2`];
  } else if (facts.audioCodec) {
    args = [
      "-i",
      url,
      "-filter_complex",
      `aformat=channel_layouts=mono,showwavespic=s=${POSTER_WIDTH}x160:colors=0x7c3aed`,
      "-frames:v",
      "1",
    ];
  } else return null;
  const run = await runFfmpeg(ffmpeg, [...args, "-q:v", "4", "-f", "image2pipe", "-c:v", "mjpeg", "pipe:1"], {
    timeoutMs: FFMPEG_TIMEOUT_MS,
    maxOutput: POSTER_MAX_BYTES,
  });
  if (run.code !== 0 || run.stdout.length === 0) throw new Error(`No poster: ${lastLine(run)}`);
  return run.stdout;
}

/** Probes the file at `key`: its facts, and its poster stored in the thumbnails bucket. */
async function probeMedia(options: MediaProbeOptions, key: string): Promise<MediaFacts> {
  const url = await options.source(key);
  if (url === null) throw new Error("No upload server answers.");
  const facts = await describe(options.ffmpeg, url);
  const image = await poster(options.ffmpeg, url, facts);
  let posterUrl: string | null = null;
  if (image) {
    const path = `media/${createHash("sha256").update(key).digest("hex").slice(0, 32)}.jpg`;
    await options.images.put(`thumbnails/${path}`, image, { contentType: "image/jpeg" });
    posterUrl = publicObjectUrl(options.appUrl, "thumbnails", path);
  }
  return { ...facts, poster: posterUrl };
}

/** Probes every waiting file, one after the other; answers how many were taken. */
export async function runMediaProbes(options: MediaProbeOptions): Promise<number> {
  const now = options.now ?? (() => new Date());
  let taken = 0;
  for (;;) {
    const lease = await leaseMediaProbe(options.db, now(), PROBE_LEASE_MS);
    if (!lease) return taken;
    taken++;
    try {
      await finishMediaProbe(options.db, lease.key, await probeMedia(options, lease.key), now());
    } catch (error) {
      const retryInMs = PROBE_RETRY_MS[lease.attempts - 1] ?? null;
      await failMediaProbe(options.db, lease.key, error instanceof Error ? error.message : String(error), { now: now(), retryInMs });
    }
  }
}

/** Runs probe passes beside the mail outbox: one now, then every few seconds. Answers a function that stops them. */
export function startMediaProbes(options: MediaProbeOptions & { everyMs?: number }) {
  let running = false;
  return runPeriodically("media probes", options.everyMs ?? PROBE_PASS_MS, async () => {
    // A long probe outlasts the interval: the next pass waits for it rather than leasing beside it.
    if (running) return;
    running = true;
    try {
      await runMediaProbes(options);
    } finally {
      running = false;
    }
  });
}
