// Uploads that never lose work, in Chromium against the real balancer and upload servers: an upload outlives its
// dialog and its page, a batch with a refused file attaches the others, and progress moves with the bytes.
import { randomBytes } from "node:crypto";
import { seedDemo } from "@atelier/db";
import type { TestDatabase } from "@atelier/db/testing";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { keepScreenshot, type RunningApp, type Stack, signInByMail, startStack, type UploadServers } from "./harness";

const MB = 1024 * 1024;

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
});
