// A business's brand library from the browser: its client uploads a logo through the upload dialog, through the
// real balancer and upload servers, into the business's BRAND folder; the studio downloads it byte-exact; and a
// project's files pick it from the library, by mouse on a desktop and by keyboard on a phone, as the same stored bytes.
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import { DEMO_BUSINESS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "./fixtures";
import {
  ARTIFACTS_DIR,
  freePort,
  keepScreenshot,
  launchBrowser,
  type RunningApp,
  signInWithSession,
  startApp,
  startTogether,
  startUploadServers,
  type UploadServers,
} from "./harness";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the brand library (PostgreSQL, real upload servers)", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const signInAs = (email: string) => signInWithSession(t.db, context, app.url, email);

  beforeAll(async () => {
    const port = await freePort();
    const secret = randomBytes(24).toString("hex");
    [t, browser, uploads] = await startTogether([
      createTestDatabase(),
      launchBrowser(),
      startUploadServers({ secret, webOrigin: `http://localhost:${port}` }),
    ]);
    await seedDemo(t.db);
    app = await startApp(
      {
        DATABASE_URL: t.url,
        SMTP_URL: "smtp://127.0.0.1:9",
        UPLOAD_SECRET: secret,
        UPLOAD_BALANCER_URL: uploads.balancerUrl,
      },
      { port },
    );
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await uploads?.stop();
    await t?.destroy();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
  });

  it("a client adds a logo through the upload dialog; it lies in the BRAND folder and the studio downloads it", async () => {
    const png = makePng(320, 120);
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    await page.getByRole("button", { name: "Add logos" }).click();
    await page.locator(".uppy-Dashboard-input").first().setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    await page.getByTestId("brand-logo").getByText("logo.png").waitFor({ timeout: 60_000 });

    const [row] = await t.db.selectFrom("brandFiles").selectAll().execute();
    expect(row).toMatchObject({ businessId: DEMO_BUSINESS.id, kind: "logo", name: "logo.png", size: png.length });
    expect(row!.key).toBe("Acme_Coffee-demo-business/BRAND/logo.png");

    await signInAs("designer@atelier.local");
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    const href = await page.getByTestId("brand-logo").getByRole("link", { name: "Download logo.png" }).getAttribute("href");
    const res = await fetch(href!);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(png));
    logoSha = sha256(png);
  });

  let logoSha = "";
  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const fileRow = (region: string, name: string) =>
    page.getByRole("region", { name: region }).getByTestId("project-file").filter({ hasText: name });

  /** The project's file is a row of its own naming the library's stored object, and its link gives the logo's bytes. */
  async function expectSameBytes(projectId: string, kind: string, region: string) {
    const [brand] = await t.db.selectFrom("brandFiles").selectAll().execute();
    const rows = await t.db
      .selectFrom("projectFiles")
      .selectAll()
      .where("projectId", "=", projectId)
      .where("kind", "=", kind as never)
      .execute();
    expect(rows.map((r) => [r.name, r.key])).toEqual([["logo.png", brand!.key]]);
    const href = await fileRow(region, "logo.png").getByRole("link", { name: "Download logo.png" }).getAttribute("href");
    const res = await fetch(href!);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(logoSha);
  }

  it("a designer picks the logo from the brand library into a project's materials at 1280x800", async () => {
    expect(logoSha).not.toBe("");
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Autumn menu" });
    await signInAs("designer@atelier.local");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}/projects/${project.id}`);
    await page.getByRole("button", { name: "Add Materials from the brand library" }).click();
    const dialog = page.getByRole("dialog", { name: "From brand library" });
    const option = dialog.getByTestId("brand-asset-option").filter({ hasText: "logo.png" });
    await option.waitFor();
    // The picture's own thumbnail is shown beside its name.
    expect(await option.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await dialog.getByRole("button", { name: "Add", exact: true }).isDisabled()).toBe(true);
    await option.click();
    expect(await dialog.getByRole("checkbox", { name: "logo.png" }).getAttribute("aria-checked")).toBe("true");
    await page.screenshot({ path: join(ARTIFACTS_DIR, "brand-picker-1280.png") });
    await dialog.getByRole("button", { name: "Add 1 file" }).click();
    await dialog.waitFor({ state: "hidden" });
    await fileRow("Materials", "logo.png").waitFor();
    expect(await noSideways()).toBe(true);
    await expectSameBytes(project.id, "materials", "Materials");
  });

  it("a client picks it into the briefing by keyboard alone on a 390x844 phone", async () => {
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Window sign" });
    await signInAs("client@atelier.local");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/projects/${project.id}`);
    const open = page.getByRole("button", { name: "Add Briefing files from the brand library" });
    const box = await open.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "From brand library" });
    const checkbox = dialog.getByRole("checkbox", { name: "logo.png" });
    await checkbox.waitFor();
    const row = await dialog.getByTestId("brand-asset-option").first().boundingBox();
    expect(row!.height).toBeGreaterThanOrEqual(44);
    expect(row!.x + row!.width).toBeLessThanOrEqual(390);
    // Focus lands in the dialog; Tab reaches the box, Space ticks it, Tab reaches Add and Enter adds.
    for (let i = 0; i < 6 && !(await checkbox.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    expect(await checkbox.getAttribute("aria-checked")).toBe("true");
    const add = dialog.getByRole("button", { name: "Add 1 file" });
    for (let i = 0; i < 6 && !(await add.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await page.screenshot({ path: join(ARTIFACTS_DIR, "brand-picker-390.png") });
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await fileRow("Briefing files", "logo.png").waitFor();
    expect(await noSideways()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS_DIR, "brand-picked-390.png"), fullPage: true });
    await expectSameBytes(project.id, "briefing", "Briefing files");
  });
});
