// Video and sound proofs on real PostgreSQL, the real upload servers and the ffmpeg shipped in npm: a file that joins
// a project waits for its probe; the probe reads it from an upload server by a signed link and finds its length,
// frame rate, size and codecs, and stores a poster that becomes the thumbnail of the project's file and of the rounds
// already sent; a file ffmpeg cannot read is tried again, then given up; comments on a video or a sound are pinned to
// a moment within it.
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { findFfmpeg, runFfmpeg } from "./media/ffmpeg";
import { runMediaProbes, uploadServerSource } from "./media/probes";
import { codeOf } from "./testing/code-of";
import { addUploadedFile } from "./testing/rounds";

const [, creative, client] = DEMO_USERS;
const secret = "media-test-secret-0123456789";
const session = (u: { id: string; name: string; email: string; role: SessionUser["role"] }, businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});

/** A clip made by ffmpeg from its test sources, as its bytes. */
async function make(ffmpeg: string, args: string[]): Promise<Uint8Array> {
  const run = await runFfmpeg(ffmpeg, args, { timeoutMs: 60_000, maxOutput: 20_000_000 });
  if (run.code !== 0) throw new Error(run.stderr);
  return new Uint8Array(run.stdout);
}

describe("video and sound proofs", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  let ffmpeg: string;
  const as = (user: SessionUser) =>
    createCaller({
      db: t.db,
      user,
      now: () => new Date(),
      files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl },
    });
  const studio = () => as(session(creative, null));
  const acme = () => as(session(client, DEMO_BUSINESS.id));
  const probes = (now: () => Date = () => new Date()) =>
    runMediaProbes({
      db: t.db,
      ffmpeg,
      source: uploadServerSource({ balancerUrl: uploads.balancerUrl, secret }),
      images: uploads.imageStore,
      appUrl: "http://app.test",
      now,
    });

  beforeAll(async () => {
    [t, uploads] = await Promise.all([createTestDatabase(), startUploadServers(secret)]);
    await seedDemo(t.db);
    const found = await findFfmpeg();
    if (!found) throw new Error("no ffmpeg for this platform");
    ffmpeg = found;
  });
  afterAll(async () => {
    await t?.destroy();
    await uploads?.close();
  });

  it("probes a video and a sound once they join a project: length, rate, size, codecs and a poster for both", async () => {
    const [video, sound] = await Promise.all([
      make(ffmpeg, [
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=320x240:rate=25",
        "-t",
        "3",
        "-c:v",
        "libvpx",
        "-b:v",
        "300k",
        "-f",
        "webm",
        "pipe:1",
      ]),
      make(ffmpeg, ["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "libopus", "-f", "ogg", "pipe:1"]),
    ]);
    const { id: projectId } = await acme().projects.create({ title: "Launch spot", event: "print" });
    await acme().comments.create({ projectId, body: "The brief", event: "briefing" });
    const spot = await addUploadedFile(studio(), projectId, "spot.webm", video);
    const jingle = await addUploadedFile(studio(), projectId, "jingle.ogg", sound);
    const still = await addUploadedFile(studio(), projectId, "still.png", new Uint8Array([137, 80, 78, 71]));
    // Waiting: the viewer plays it meanwhile; a picture is never probed.
    expect(spot.media).toMatchObject({ status: "pending", durationS: null });
    expect(still.media).toBeNull();
    // Sent before its probe ran: the round's file gets the poster too.
    const { id: proofId } = await studio().proofs.create({ projectId, fileIds: [spot.id, jingle.id] });

    expect(await probes()).toBe(2);
    const files = (await studio().projects.byId({ id: projectId })).files;
    const probedSpot = files.find((f) => f.id === spot.id)!;
    expect(probedSpot.media).toMatchObject({ status: "done", fps: 25, width: 320, height: 240, videoCodec: "vp8", audioCodec: null });
    expect(probedSpot.media?.durationS).toBeCloseTo(3, 1);
    expect(probedSpot.thumbnail).toMatch(/^http:\/\/app\.test\/storage\/v1\/object\/public\/thumbnails\/media\/[0-9a-f]{32}\.jpg$/);
    const probedJingle = files.find((f) => f.id === jingle.id)!;
    expect(probedJingle.media).toMatchObject({ status: "done", videoCodec: null, audioCodec: "opus", fps: null });
    expect(probedJingle.media?.durationS).toBeCloseTo(2, 1);
    expect(probedJingle.thumbnail).not.toBe(probedSpot.thumbnail);
    // The posters are JPEGs in the thumbnails bucket.
    for (const url of [probedSpot.thumbnail, probedJingle.thumbnail]) {
      const key = `thumbnails/${new URL(url).pathname.split("/public/thumbnails/")[1]}`;
      const stored = await uploads.imageStore.get(key);
      const chunks: Buffer[] = stored ? await stored.body.toArray() : [];
      expect([...Buffer.concat(chunks).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    const [round] = await studio().proofs.list({ projectId });
    expect(round?.files.map((f) => f.thumbnail)).toEqual([probedSpot.thumbnail, probedJingle.thumbnail]);
    expect(round?.files[0]?.media).toMatchObject({ status: "done", fps: 25 });
    // Nothing waits any more.
    expect(await probes()).toBe(0);

    // Comments on them are pinned to a moment within them; a picture's or a page's have none.
    const pinned = await acme().annotations.create({ proofId, fileId: spot.id, x: 0.5, y: 0.5, at: 2.5 - 0.02, body: "This frame" });
    await acme().annotations.create({ proofId, fileId: jingle.id, x: 0, y: 0, at: 1.25, body: "Too loud here" });
    const list = await acme().annotations.list({ proofId });
    expect(list.find((p) => p.id === pinned.id)?.at).toBeCloseTo(2.48, 5);
    expect(list.map((p) => p.at)).toEqual([expect.closeTo(2.48, 5), 1.25]);
    expect(await codeOf(acme().annotations.create({ proofId, fileId: spot.id, x: 0.5, y: 0.5, body: "When?" }))).toBe("BAD_REQUEST");
    expect(await codeOf(acme().annotations.create({ proofId, fileId: spot.id, x: 0.5, y: 0.5, at: 9, body: "Later" }))).toBe("BAD_REQUEST");
    expect(await codeOf(acme().annotations.create({ proofId, fileId: spot.id, x: 0.5, y: 0.5, at: -1, body: "Before" }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("tries a file ffmpeg cannot read again later, then gives it up; it stays a download with no poster", async () => {
    const { id: projectId } = await acme().projects.create({ title: "Broken master", event: "print" });
    const broken = await addUploadedFile(studio(), projectId, "master.mp4", new TextEncoder().encode("not a video at all"));
    const start = Date.now();
    const at = (ms: number) => () => new Date(start + ms);
    expect(await probes(at(0))).toBe(1);
    const waiting = await t.db
      .selectFrom("mediaProbes")
      .innerJoin("projectFiles", "projectFiles.key", "mediaProbes.key")
      .selectAll("mediaProbes")
      .where("projectFiles.id", "=", broken.id)
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.error).toMatch(/Invalid data|could not|No such/i);
    // Not before its wait is over.
    expect(await probes(at(10_000))).toBe(0);
    expect(await probes(at(31_000))).toBe(1);
    expect(await probes(at(31_000 + 5 * 60_000 + 1000))).toBe(1);
    const given = (await studio().projects.byId({ id: projectId })).files.find((f) => f.id === broken.id)!;
    expect(given.media?.status).toBe("failed");
    expect(given.thumbnail).toBe("/placeholder.svg");
    expect(await probes(at(3_600_000))).toBe(0);
  });
});
