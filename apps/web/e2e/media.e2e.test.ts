// Video and sound proofs in Chromium, on a desktop and on a phone: a video plays in the viewer, steps frame by frame
// with its timecode shown, and a comment pinned to frame 00:00:02:12 brings the viewer back to exactly that frame
// (each frame of the test video has its own shade of red, read back from the picture); the pin is a mark on the
// timeline, on a phone too. Two versions compared side by side show the same frame, sought, stepped or played. A sound takes comments at a moment. A ProRes master, which browsers cannot play, is
// offered as a download with its codec named, once the server has probed it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCaller, findFfmpeg } from "@atelier/api";
import { addUploadedFile } from "@atelier/api/testing/rounds";
import { DEMO_BUSINESS, findUserByEmail, seedDemo } from "@atelier/db";
import { makeProject } from "@atelier/db/testing";
import { createFsStore } from "@atelier/storage";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS_DIR, asPerson as asPersonIn, type Stack, signInWithSession, startStack } from "./harness";

const STACK = { database: true, smtp: true, uploads: true, browser: true } as const;

/** Each frame n of the test video is a flat colour whose red is (n mod 32) x 8: a frame is known by its shade. */
const redOf = (frame: number) => (frame % 32) * 8;

describe("video and sound proofs (PostgreSQL, real upload servers, ffmpeg, Chromium)", () => {
  let stack: Stack<typeof STACK>;
  let ffmpeg: string;
  /** A clip made by ffmpeg, written to a file (as an editor would: with its length and index), as its bytes. */
  const make = (args: string[], extension: string) => {
    const out = join(mkdtempSync(join(tmpdir(), "media-clip-")), `clip.${extension}`);
    execFileSync(ffmpeg, ["-hide_banner", "-loglevel", "error", ...args, out]);
    return readFileSync(out);
  };

  beforeAll(async () => {
    stack = await startStack(STACK, { seed: ({ t }) => seedDemo(t.db) });
    ffmpeg = (await findFfmpeg()) ?? "";
    if (!ffmpeg) throw new Error("no ffmpeg for this platform");
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const asPerson = (email: string, screen: "desktop" | "phone", use: (tab: Page) => Promise<void>) => asPersonIn(stack, email, screen, use);

  async function studio() {
    const user = (await findUserByEmail(stack.t.db, "designer@atelier.local"))!;
    return createCaller({
      db: stack.t.db,
      user: { id: user.id, name: user.name, email: user.email!, image: null, emailNotification: true, role: user.role, businessId: null },
      now: () => new Date(),
      files: {
        store: createFsStore({ root: mkdtempSync(join(tmpdir(), "media-e2e-")) }),
        secret: stack.uploadSecret,
        balancerUrl: stack.uploads.balancerUrl,
      },
    });
  }
  /** A project of the demo business with round 1 of `name` sent; answers the project and the round's file. */
  async function sendRound(title: string, name: string, bytes: Buffer) {
    const project = await makeProject(stack.t.db, { businessId: DEMO_BUSINESS.id, title });
    await stack.t.db.updateTable("projects").set({ stage: "in_progress" }).where("id", "=", project.id).execute();
    const caller = await studio();
    const file = await addUploadedFile(caller, project.id, name, bytes);
    await caller.proofs.create({ projectId: project.id, fileIds: [file.id] });
    return { project, file, caller };
  }
  /** Round 1's file opened from the project page, once the dialog has stopped moving. */
  async function openFile(tab: Page, projectId: string, name: string) {
    await tab.goto(`${stack.app.url}/projects/${projectId}`);
    await tab
      .locator('[data-testid="proof"][data-round="1"]')
      .getByRole("button", { name: `Open ${name}` })
      .click();
    const dialog = tab.getByRole("dialog", { name });
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    return dialog;
  }
  /** The red of the centre of the frame the video shows. */
  const shownRed = (dialog: Locator) =>
    dialog.getByTestId("viewer-video").evaluate((video: HTMLVideoElement) => {
      const canvas = document.createElement("canvas");
      [canvas.width, canvas.height] = [video.videoWidth, video.videoHeight];
      const context = canvas.getContext("2d")!;
      context.drawImage(video, 0, 0);
      return context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data[0]!;
    });
  /** Waits for the video to show `frame`: its timecode, and its shade of red in the picture. */
  async function showsFrame(dialog: Locator, frame: number, timecode: string) {
    await expect.poll(() => dialog.getByTestId("timecode").textContent()).toBe(timecode);
    await expect.poll(async () => Math.abs((await shownRed(dialog)) - redOf(frame))).toBeLessThanOrEqual(3);
  }

  it("a comment on frame 00:00:02:12 brings the viewer back to that very frame; a phone finds it on the timeline", async () => {
    // Four seconds at 25 fps, 320 x 240, each frame a flat red of its own.
    const video = make(
      [
        ...["-f", "lavfi", "-i", "color=c=black:s=320x240:r=25:d=4"],
        ...["-vf", "geq=r='mod(N,32)*8':g=128:b=128", "-c:v", "libvpx", "-crf", "4", "-b:v", "2M"],
      ],
      "webm",
    );
    const { project } = await sendRound("Launch spot", "spot.webm", video);

    await asPerson("client@atelier.local", "desktop", async (tab) => {
      const dialog = await openFile(tab, project.id, "spot.webm");
      const timeline = dialog.getByRole("slider", { name: "Timeline" });
      await expect.poll(() => timeline.isEnabled()).toBe(true);
      await showsFrame(dialog, 0, "00:00:00:00");
      // To two seconds on the timeline, then twelve frames on by the button, and one back and on by the keys.
      await timeline.fill("2");
      await showsFrame(dialog, 50, "00:00:02:00");
      for (let i = 0; i < 12; i++) await dialog.getByRole("button", { name: "Next frame" }).click();
      await showsFrame(dialog, 62, "00:00:02:12");
      await tab.keyboard.press(",");
      await showsFrame(dialog, 61, "00:00:02:11");
      await tab.keyboard.press(".");
      await showsFrame(dialog, 62, "00:00:02:12");

      // A pin on the frame: the comment is said to be at its timecode, and listed with it.
      const box = (await dialog.getByTestId("viewer-video").boundingBox())!;
      await tab.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.3);
      await dialog.getByLabel("Comment at the pin, 00:00:02:12").fill("The logo flashes here");
      await dialog.getByRole("button", { name: "Pin comment" }).click();
      const entry = dialog.getByTestId("pin-entry").filter({ hasText: "The logo flashes here" });
      await entry.getByTestId("pin-moment").filter({ hasText: "00:00:02:12" }).waitFor();
      await dialog.getByTestId("pin").waitFor();

      // Played on, the pin leaves with its frame; chosen in the list, the viewer is back on it.
      await dialog.getByRole("button", { name: "Play" }).click();
      await expect
        .poll(async () => Number(await dialog.getByTestId("viewer-video").evaluate((v: HTMLVideoElement) => v.currentTime)))
        .toBeGreaterThan(2.8);
      await dialog.getByRole("button", { name: "Pause" }).click();
      expect(await dialog.getByTestId("pin").count()).toBe(0);
      await timeline.fill("0.48");
      await showsFrame(dialog, 12, "00:00:00:12");
      await entry.focus();
      await showsFrame(dialog, 62, "00:00:02:12");
      await dialog.getByTestId("pin").waitFor();
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "video-pin-1280.png") });
    });

    // On a phone, opened afresh: the pin is a mark on the timeline, which brings the same frame.
    await asPerson("designer@atelier.local", "phone", async (tab) => {
      const dialog = await openFile(tab, project.id, "spot.webm");
      const mark = dialog.getByRole("button", { name: "Pin 1: The logo flashes here, at 00:00:02:12" });
      await expect.poll(() => dialog.getByRole("slider", { name: "Timeline" }).isEnabled()).toBe(true);
      await mark.click();
      await showsFrame(dialog, 62, "00:00:02:12");
      const [video, frame] = [
        (await dialog.getByTestId("viewer-video").boundingBox())!,
        (await dialog.getByTestId("media-controls").boundingBox())!,
      ];
      // The picture and its controls are on the screen, side by side with nothing cut.
      expect(video.x).toBeGreaterThanOrEqual(0);
      expect(video.x + video.width).toBeLessThanOrEqual(390);
      expect(frame.y + frame.height).toBeLessThanOrEqual(844);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "video-pin-390.png") });
    });
  });

  it("compares two versions of a video side by side, sought, stepped and played in step, at 1280 and 390", async () => {
    // Round 1 and round 2: the same frames, told apart by their blue; each frame's red is its own.
    const version = (blue: number) =>
      make(
        [
          ...["-f", "lavfi", "-i", "color=c=black:s=320x240:r=25:d=4"],
          ...["-vf", `geq=r='mod(N,32)*8':g=128:b=${blue}`, "-c:v", "libvpx", "-crf", "4", "-b:v", "2M"],
        ],
        "webm",
      );
    const project = await makeProject(stack.t.db, { businessId: DEMO_BUSINESS.id, title: "Spot in two cuts" });
    await stack.t.db.updateTable("projects").set({ stage: "in_progress" }).where("id", "=", project.id).execute();
    const caller = await studio();
    for (const [name, blue] of [
      ["cut-1.webm", 0],
      ["cut-2.webm", 255],
    ] as const) {
      const file = await addUploadedFile(caller, project.id, name, version(blue));
      await caller.proofs.create({ projectId: project.id, fileIds: [file.id] });
    }
    /** The red and blue at the centre of each side's frame. */
    const colours = (dialog: Locator) =>
      dialog.getByTestId("compare-video").evaluateAll((videos: HTMLVideoElement[]) =>
        videos.map((video) => {
          const canvas = document.createElement("canvas");
          [canvas.width, canvas.height] = [video.videoWidth, video.videoHeight];
          const context = canvas.getContext("2d")!;
          context.drawImage(video, 0, 0);
          const [r, , b] = context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
          return { r: r!, b: b! };
        }),
      );
    // Two videos seeking and decoding at once on a busy machine can take seconds: the poll waits up to ten.
    const sameFrame = async (dialog: Locator, frame?: number) => {
      await expect
        .poll(
          async () => {
            const [before, after] = await colours(dialog);
            if (!before || !after) return false;
            // Round 1 on the left (no blue), round 2 on the right (blue), showing the same frame.
            const match = before.b < 60 && after.b > 190 && Math.abs(before.r - after.r) <= 3;
            return frame === undefined ? match : match && Math.abs(after.r - redOf(frame)) <= 3;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    };
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const context = await stack.browser.newContext({
        viewport: { width, height },
        ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
      });
      try {
        await signInWithSession(stack.t.db, context, stack.app.url, "client@atelier.local");
        const tab = await context.newPage();
        await tab.goto(`${stack.app.url}/projects/${project.id}`);
        await tab.getByRole("button", { name: "Compare rounds" }).click();
        const dialog = tab.getByTestId("compare");
        await dialog.getByText("Round 1 → Round 2").waitFor();
        // Only side by side: overlay, wipe and differences are for pictures.
        expect(await dialog.getByRole("button", { name: "Differences" }).count()).toBe(0);
        const timeline = dialog.getByRole("slider", { name: "Timeline" });
        await expect.poll(() => timeline.isEnabled()).toBe(true);
        await timeline.fill("2.48");
        await expect.poll(() => dialog.getByTestId("timecode").textContent()).toBe("00:00:02:12");
        await sameFrame(dialog, 62);
        await dialog.getByRole("button", { name: "Previous frame" }).click();
        await sameFrame(dialog, 61);
        // Played and paused: both stop on one frame.
        await dialog.getByRole("button", { name: "Play" }).click();
        await expect
          .poll(() =>
            dialog
              .getByTestId("compare-video")
              .nth(1)
              .evaluate((v: HTMLVideoElement) => v.currentTime),
          )
          .toBeGreaterThan(3);
        await dialog.getByRole("button", { name: "Pause" }).click();
        await sameFrame(dialog);
        // And their clocks agree: the follower is put on the leader's frame once it rests.
        await expect
          .poll(async () => {
            const [left, right] = await dialog
              .getByTestId("compare-video")
              .evaluateAll((videos: HTMLVideoElement[]) => videos.map((v) => v.currentTime));
            return Math.abs(left! - right!);
          })
          .toBeLessThan(0.5 / 25);
        await sameFrame(dialog);
        // Side by side on a desktop, one above the other on a phone, neither wider than the screen.
        const boxes = await Promise.all([0, 1].map(async (i) => (await dialog.getByTestId("compare-video").nth(i).boundingBox())!));
        for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(width > 500 ? boxes[1]!.x > boxes[0]!.x : boxes[1]!.y > boxes[0]!.y).toBe(true);
        await tab.screenshot({ path: join(ARTIFACTS_DIR, `video-compare-${width}.png`) });
      } finally {
        await context.close();
      }
    }
  });

  it("a sound takes a comment at a moment, marked on its timeline", async () => {
    const sound = make(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "libopus"], "ogg");
    const { project } = await sendRound("Radio jingle", "jingle.ogg", sound);
    await asPerson("client@atelier.local", "phone", async (tab) => {
      const dialog = await openFile(tab, project.id, "jingle.ogg");
      const timeline = dialog.getByRole("slider", { name: "Timeline" });
      await expect.poll(() => timeline.isEnabled()).toBe(true);
      await timeline.fill("1.5");
      await expect.poll(() => dialog.getByTestId("timecode").textContent()).toBe("00:00:01.50");
      await dialog.getByRole("button", { name: "Comment at 00:00:01.50" }).click();
      await dialog.getByLabel("Comment at 00:00:01.50").fill("Quieter under the voice");
      await dialog.getByRole("button", { name: "Pin comment" }).click();
      await dialog
        .getByTestId("pin-entry")
        .filter({ hasText: "Quieter under the voice" })
        .getByTestId("pin-moment")
        .filter({ hasText: "00:00:01.50" })
        .waitFor();
      await timeline.fill("0");
      await dialog.getByRole("button", { name: "Pin 1: Quieter under the voice, at 00:00:01.50" }).click();
      await expect.poll(() => dialog.getByTestId("timecode").textContent()).toBe("00:00:01.50");
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "sound-pin-390.png") });
    });
  });

  it("a ProRes master the browser cannot play is a download, its codec named once probed", async () => {
    const master = make(
      [...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-t", "1"], ...["-c:v", "prores_ks", "-profile:v", "3"]],
      "mov",
    );
    const { project, caller } = await sendRound("Master", "master.mov", master);
    // The server probes it within seconds of its joining the project.
    await expect
      .poll(async () => (await caller.proofs.list({ projectId: project.id }))[0]?.files[0]?.media?.status, { timeout: 30_000 })
      .toBe("done");
    await asPerson("client@atelier.local", "desktop", async (tab) => {
      const dialog = await openFile(tab, project.id, "master.mov");
      const card = dialog.getByTestId("download-card");
      await card.filter({ hasText: "This browser cannot play this video (prores): download it to watch it." }).waitFor();
      expect(await card.getByRole("link", { name: "Download" }).getAttribute("href")).toMatch(/\/api\/files\/proof\//);
    });
  });
});
