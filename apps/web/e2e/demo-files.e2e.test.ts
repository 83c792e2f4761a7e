// The living demo's files from the browser: on the embedded run's first start the seed writes its pictures and PDFs
// where the upload servers keep uploads (DATA_DIR/uploads), so a newcomer sees thumbnails, downloads the print-ready
// PDF whose bytes the approval names, and picks the demo business's logo from its brand library.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS_DIR, keepScreenshot, openLink, type Stack, signInByMail, startStack } from "./harness";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the living demo's files (embedded database, real upload servers)", () => {
  let stack: Stack<{ uploads: true; browser: true }>;
  let page: Page;
  let dataDir: string | undefined;

  beforeAll(async () => {
    stack = await startStack(
      { uploads: true, browser: true },
      {
        // As under npm start, the upload servers' store is the app's DATA_DIR/uploads.
        env: ({ uploads }) => {
          dataDir = mkdtempSync(join(tmpdir(), "atelier-e2e-demo-"));
          symlinkSync(uploads.storeDir!, join(dataDir, "uploads"));
          return { DATA_DIR: dataDir };
        },
      },
    );
    page = await stack.browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The demo client signs in through the dev mailbox, as a newcomer would.
    await signInByMail(page, stack.app.url, "client@atelier.local");
    await page.getByTestId("sidebar").waitFor();
  });
  afterAll(async () => {
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
  });

  const openProject = async (title: RegExp) => {
    await page.goto(stack.app.url);
    await page.getByRole("link", { name: title }).first().click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
  };

  it("opens the approved menu's print-ready PDF, whose bytes are the ones the approval names", async () => {
    // The page is shared: the size another test left it at is not this test's.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProject(/Autumn menu card/);
    const file = page.getByRole("region", { name: "Print-ready files" }).getByTestId("project-file").filter({ hasText: "autumn-menu.pdf" });
    const href = await file.getByRole("link", { name: "Download autumn-menu.pdf" }).getAttribute("href");
    const res = await openLink(page, href!);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(res.bytes);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    // The approval shown on the page names the SHA-256 of exactly these bytes.
    await page.getByText(sha256(bytes).slice(0, 12)).first().waitFor();
    // The server reads the stored bytes itself and finds the print-ready file to be the approved one.
    expect(await page.getByTestId("print-check").innerText()).toMatch(/print-ready files? match(es)? approved round 1/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, "demo-menu-1280.png"), fullPage: true });
  });

  it("shows the poster's pictures, and its logo comes from the brand library on a phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openProject(/Spring opening poster/);
    const picture = page
      .getByRole("region", { name: "Materials" })
      .getByTestId("project-file")
      .filter({ hasText: "spring-poster-draft-1.png" });
    expect(await picture.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const href = await picture.getByRole("link", { name: "Download spring-poster-draft-1.png" }).getAttribute("href");
    const res = await openLink(page, href!);
    expect(res.status).toBe(200);
    expect(res.bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    await page.screenshot({ path: join(ARTIFACTS_DIR, "demo-poster-390.png"), fullPage: true });

    await page.getByRole("button", { name: "Upload Materials" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload files" });
    await dialog.getByRole("tab", { name: "Brand library" }).click();
    await dialog.getByRole("checkbox", { name: "acme-coffee-logo.png" }).click();
    await page.screenshot({ path: join(ARTIFACTS_DIR, "demo-brand-picker-390.png") });
    await dialog.getByRole("button", { name: "Add 1 file" }).click();
    await dialog.getByRole("button", { name: /^Upload 1 file/ }).click();
    await dialog.waitFor({ state: "hidden" });
    const logo = page.getByRole("region", { name: "Materials" }).getByTestId("project-file").filter({ hasText: "acme-coffee-logo.png" });
    const logoHref = await logo.getByRole("link", { name: "Download acme-coffee-logo.png" }).getAttribute("href");
    expect((await openLink(page, logoHref!)).status).toBe(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
  it("fills the studio's Workload plan: late work, work due this week and next", async () => {
    // The designer signs in as a newcomer would, in a browser of their own.
    const designer = await stack.browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await signInByMail(designer, stack.app.url, "designer@atelier.local");
      await designer.getByTestId("sidebar").waitFor();
      await designer.goto(`${stack.app.url}/workload`);
      const due = designer.getByTestId("workload-due");
      await due.first().waitFor();
      const texts = await due.allInnerTexts();
      expect(texts.some((t) => t.includes("Overdue"))).toBe(true);
      expect(texts.some((t) => t.includes("Due this week"))).toBe(true);
      expect(texts.some((t) => t.includes("Due next week"))).toBe(true);
      await designer.screenshot({ path: join(ARTIFACTS_DIR, "demo-workload-1280.png"), fullPage: true });
    } finally {
      await designer.close();
    }
  });
});
