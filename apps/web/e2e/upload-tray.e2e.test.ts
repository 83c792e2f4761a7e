// Uploads that never lose work, in Chromium against the real balancer and upload servers: an upload outlives its
// dialog and its page, a batch with a refused file attaches the others, progress moves with the bytes, and an upload
// cut by a reload resumes from the parts the servers hold when its file is chosen again.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemo } from "@atelier/db";
import type { TestDatabase } from "@atelier/db/testing";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { keepScreenshot, type RunningApp, type Stack, signInByMail, startStack, type UploadServers } from "./harness";

const MB = 1024 * 1024;
/** The engine's part size (CHUNK_SIZE). */
const PART = 10 * MB;

const STACK = { database: true, smtp: true, uploads: true, browser: true } as const;

describe("uploads that never lose work (PostgreSQL, real upload servers)", () => {
  let stack: Stack<typeof STACK>;
  let t: TestDatabase;
  let uploads: UploadServers;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;

  /** Records every value the tray's progress bar for `name` shows, from inside the page. */
  async function recordProgress(name: string): Promise<void> {
    await page.evaluate((label) => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      const read = () => {
        const bar = document.querySelector(`[role="progressbar"][aria-label="${label} upload"]`);
        const value = bar?.getAttribute("aria-valuenow");
        if (value && seen.at(-1) !== value) seen.push(value);
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true });
    }, name);
  }
  const progressSeen = () => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);

  /** A link as slow as a modest office line, so a 30 MB upload takes seconds, not milliseconds. */
  const throttle = (bytesPerSecond: number) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });

  async function createProject(title: string): Promise<string> {
    await page.goto(`${app.url}/projects/create`);
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.getByRole("heading", { name: title }).waitFor();
    return page.url();
  }

  /** The parts the upload servers have taken since they started, as they count them. */
  async function partsReceived(): Promise<number> {
    let sum = 0;
    for (const url of uploads.serverUrls) sum += ((await (await fetch(`${url}/health`)).json()) as { partsReceived: number }).partsReceived;
    return sum;
  }

  const filesOf = (projectUrl: string) =>
    t.db
      .selectFrom("projectFiles")
      .select(["name", "size"])
      .where("projectId", "=", projectUrl.split("/").pop()!)
      .orderBy("name")
      .execute();

  beforeAll(async () => {
    stack = await startStack(STACK, { seed: ({ t }) => seedDemo(t.db) });
    ({ t, uploads, app } = stack);
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    await signInByMail(page, app.url, "client@atelier.local", stack.smtp);
    await page.getByTestId("sidebar").waitFor();
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
    // A test that stops half-way leaves no slow link or rerouted upload server to the next.
    await throttle(-1);
    await page.unrouteAll({ behavior: "wait" });
  });

  it("keeps uploading when the dialog closes and the user opens another project, and attaches the file to the first", async () => {
    const projects = { first: await createProject("Harvest fair poster"), second: await createProject("Winter menu card") };
    await page.goto(projects.first);
    await page.getByRole("heading", { name: "Harvest fair poster" }).waitFor();
    await recordProgress("artwork.tif");
    await throttle(2 * MB);
    // The last of its three parts waits for its server until the user is on the other project, so the upload is
    // surely still running there, however fast this machine is.
    let release: () => void = () => undefined;
    const onOtherProject = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(
      (url) => url.href.startsWith(uploads.balancerUrl),
      async (route) => {
        if (++asked === 3) await onOtherProject;
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Upload Materials" }).click();
    // Handing 30 MB to the page can outlast the default 30 s on a loaded machine.
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles({ name: "artwork.tif", mimeType: "image/tiff", buffer: randomBytes(30 * MB) }, { timeout: 90_000 });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();

    // Under way: the tray shows it, and the dialog closes without stopping it.
    const tray = page.getByRole("region", { name: "Uploads" });
    await tray.getByText("Uploading 1 file").waitFor();
    await page.keyboard.press("Escape");
    await page.locator('.uppy-Dashboard--modal[aria-hidden="true"]').waitFor({ state: "attached" });

    // Another project, reached inside the app (no page load): the upload goes on.
    await page.getByRole("link", { name: "Projects" }).first().click();
    await page.getByRole("link", { name: "Winter menu card" }).first().click();
    await page.getByRole("heading", { name: "Winter menu card" }).waitFor();
    expect(await tray.getByText("Uploading 1 file").isVisible()).toBe(true);
    // A real unload (closing the tab) would lose it, so the browser asks first; staying keeps it going.
    const warning = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await warning).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);
    release();

    await tray.getByText("Uploads finished").waitFor({ timeout: 90_000 });
    await expect.poll(() => filesOf(projects.first), { timeout: 15_000 }).toEqual([{ name: "artwork.tif", size: 30 * MB }]);
    expect(await filesOf(projects.second)).toEqual([]);

    // Progress moved with the bytes sent, not in three jumps of a part each.
    const seen = await progressSeen();
    expect(new Set(seen).size).toBeGreaterThanOrEqual(10);
    expect(seen.map(Number).every((value, index) => index === 0 || value >= Number(seen[index - 1]))).toBe(true);
    await throttle(-1);
    await page.unrouteAll({ behavior: "wait" });
    await tray.getByRole("button", { name: "Close the upload list" }).click();
    await tray.waitFor({ state: "detached" });
  });

  it("attaches the two files of a batch of three that uploaded, and leaves the refused one to retry or drop", async () => {
    const projectUrl = await createProject("Spring menu card");
    // An upload server that refuses one file for good (a 400 is not retried).
    const origin = new URL(app.url).origin;
    await page.route(
      (url) => uploads.serverUrls.some((server) => url.href.startsWith(server)),
      async (route) => {
        const headers = route.request().headers();
        if (route.request().method() === "POST" && (headers.urlpath ?? "").endsWith("/refused.pdf")) {
          await route.fulfill({
            status: 400,
            headers: { "access-control-allow-origin": origin, "content-type": "application/json" },
            body: JSON.stringify({ error: "refused" }),
          });
        } else {
          await route.continue();
        }
      },
    );
    await page.goto(projectUrl);
    await page.getByRole("button", { name: "Upload Briefing files" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles(
        ["brief.txt", "refused.pdf", "moodboard.txt"].map((name) => ({ name, mimeType: "text/plain", buffer: Buffer.from(`${name} `) })),
      );
    await page.getByRole("button", { name: /^Upload 3 files/ }).click();

    await page.getByRole("status").filter({ hasText: "2 files added" }).first().waitFor({ timeout: 60_000 });
    await page.getByRole("status").filter({ hasText: "There was an error uploading refused.pdf" }).first().waitFor();
    expect((await filesOf(projectUrl)).map((f) => f.name)).toEqual(["brief.txt", "moodboard.txt"]);
    const cards = page.getByRole("region", { name: "Briefing files" }).getByTestId("project-file");
    await expect.poll(() => cards.count()).toBe(2);

    // The refused file waits in the tray; dropping it finishes the batch, with nothing attached twice.
    const tray = page.getByRole("region", { name: "Uploads" });
    await tray.getByText("1 upload failed").waitFor();
    await page.keyboard.press("Escape");
    await tray.getByRole("button", { name: "Drop refused.pdf" }).click();
    await tray.getByText("Uploads finished").waitFor();
    expect((await filesOf(projectUrl)).map((f) => f.name)).toEqual(["brief.txt", "moodboard.txt"]);
    await page.unrouteAll({ behavior: "wait" });
  });

  it("resumes an upload cut by a reload at 60 % from the parts the servers hold, once the file is chosen again", async () => {
    const projectUrl = await createProject("Resumed show banner");
    const dir = mkdtempSync(join(tmpdir(), "atelier-e2e-resume-"));
    let release: () => void = () => undefined;
    try {
      // Five parts: the first alone, three in parallel, the last last. Part 4 is held on its way, so once parts 1-3
      // are stored the upload stands at 60 % until the reload cuts it.
      const bytes = randomBytes(5 * PART);
      const path = join(dir, "banner-print.pdf");
      writeFileSync(path, bytes);
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => uploads.serverUrls.some((server) => url.href.startsWith(server)),
        async (route) => {
          if (route.request().method() === "POST" && route.request().headers().part === "4") {
            await released;
            await route.abort().catch(() => undefined);
          } else {
            await route.continue().catch(() => undefined);
          }
        },
      );
      await page.getByRole("button", { name: "Upload Materials" }).click();
      await page.locator(".uppy-Dashboard-input").first().setInputFiles(path);
      await page.getByRole("button", { name: /^Upload 1 file/ }).click();
      // The browser has heard parts 1-3 acknowledged (what it keeps of the upload says so).
      await page.waitForFunction(
        (held) => JSON.parse(localStorage.getItem("atelier.unfinished-uploads.v1") ?? "[]")[0]?.bytesHeld === held,
        3 * PART,
        { timeout: 60_000 },
      );

      // The reload: the browser asks first, since a file is on its way; the person leaves anyway.
      page.once("dialog", (dialog) => void dialog.accept());
      await page.reload();
      release();
      await page.unrouteAll({ behavior: "wait" });
      const materials = page.getByRole("region", { name: "Materials" });
      const notice = materials.getByRole("region", { name: "Unfinished uploads" });
      await notice.getByText("banner-print.pdf").waitFor();
      await notice.getByText("30 MB of 50 MB on the servers · 20 MB missing").waitFor();
      // Nothing of the cut upload still reaches a server: what they count from here is the resume alone.
      const before = await partsReceived();

      // The dialog says what is missing and why the file has to be chosen again, at both sizes.
      await notice.getByRole("button", { name: "Choose file" }).click();
      const panel = page.locator(".uppy-Dashboard-inner").getByRole("region", { name: "Unfinished uploads" });
      await panel.getByText("Browsers do not let a page reopen a file on its own").waitFor();
      await keepScreenshot(page, "unfinished-upload-dialog-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await panel.getByRole("button", { name: "Discard banner-print.pdf" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, "unfinished-upload-dialog-390");
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.locator(".uppy-Dashboard-input").first().setInputFiles(path);
      await panel.getByText("Chosen again: 20 MB left to send").waitFor();
      await page.getByRole("button", { name: /^Upload 1 file/ }).click();
      await page.getByRole("status").filter({ hasText: "1 file added" }).first().waitFor({ timeout: 90_000 });

      // Only parts 4 and 5 went to the servers, and the file arrived whole.
      expect((await partsReceived()) - before).toBe(2);
      const [stored] = await t.db
        .selectFrom("projectFiles")
        .select(["name", "size", "sha256"])
        .where("projectId", "=", projectUrl.split("/").pop()!)
        .execute();
      expect(stored).toEqual({ name: "banner-print.pdf", size: 5 * PART, sha256: createHash("sha256").update(bytes).digest("hex") });
      await notice.waitFor({ state: "detached" });
    } finally {
      // A held part must not keep afterEach's unrouteAll waiting when the test stops early.
      release();
      rmSync(dir, { recursive: true, force: true });
    }
    // 50 MB through the page and the servers, twice over on a loaded machine.
  }, 240_000);
});
