// The project list in Chromium at more than a page's worth: the next page loads as the end scrolls into view,
// the filters live in the address so a reload keeps them, and the page fits a phone as well as a desktop.
import { join } from "node:path";
import { DEMO_BUSINESS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ARTIFACTS_DIR,
  chooseOption,
  keepScreenshot,
  launchBrowser,
  type RunningApp,
  signInWithSession,
  startApp,
  startTogether,
} from "./harness";

describe("project lists in pages (PostgreSQL, Chromium)", () => {
  let t: TestDatabase;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [t, browser] = await startTogether([createTestDatabase(), launchBrowser()]);
    await seedDemo(t.db);
    // 60 projects of the demo business, a minute apart: one more page than the first holds.
    for (let n = 0; n < 60; n++) {
      const title = n % 10 === 3 ? `Crème brûlée menu ${n}` : `Weekly flyer ${n} with a rather long title that has to wrap on a phone`;
      await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title, createdAt: new Date(Date.UTC(2026, 10, 1, 9, n)) });
    }
    await t.db.updateTable("projects").set({ stage: "approved" }).where("title", "like", "Crème%").execute();
    // 55 invited people besides the demo users: the Users page holds them in two pages.
    await t.db
      .insertInto("users")
      .values(Array.from({ length: 55 }, (_, n) => ({ id: `invited-${n}`, email: `invited-${n}@example.test`, name: `Invited ${n}` })))
      .execute();
    // Sign-in here is by session cookie; no mail is sent.
    app = await startApp({ DATABASE_URL: t.url, DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await t?.destroy();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
    await context.close();
  });

  const signInAs = (email: string) => signInWithSession(t.db, context, app.url, email);

  const cards = () => page.getByRole("list", { name: "Projects" }).getByRole("listitem");

  /** The page as a phone and a desktop show it: nothing wider than the screen. */
  async function fitsBoth(name: string): Promise<void> {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-phone.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-desktop.png`), fullPage: true });
  }

  it("loads the next page at the end of the list, and keeps a filter through a reload", async () => {
    await signInAs("admin@atelier.local");
    await page.goto(`${app.url}/`);
    await page.getByTestId("project-count").filter({ hasText: "50 shown, more below" }).waitFor();
    expect(await cards().count()).toBe(50);
    await fitsBoth("project-list-first-page");
    // Scrolling to the end brings the rest, and the count says all of them now.
    await page.getByRole("button", { name: "More projects" }).scrollIntoViewIfNeeded();
    await page.getByTestId("project-count").filter({ hasText: "60 projects" }).waitFor();
    expect(await cards().count()).toBe(60);

    // A stage and words without their accents: the address carries both.
    await chooseOption(page.getByLabel("Stage"), "Approved");
    await page.getByLabel("Search projects").fill("creme MENU");
    await page.waitForURL((url) => url.searchParams.get("q") === "creme MENU" && url.searchParams.get("stage") === "approved");
    await page.getByTestId("project-count").filter({ hasText: "6 projects match" }).waitFor();
    await page.reload();
    await page.getByTestId("project-count").filter({ hasText: "6 projects match" }).waitFor();
    expect(await page.getByLabel("Stage").textContent()).toBe("Approved");
    expect(await page.getByLabel("Search projects").inputValue()).toBe("creme MENU");
    expect(await cards().allInnerTexts()).toEqual(Array.from({ length: 6 }, () => expect.stringContaining("Crème brûlée menu")));
    await fitsBoth("project-list-filtered");

    // A shared link opens the same list for someone else: the client, whose business these are.
    const shared = page.url();
    await context.clearCookies();
    await signInAs("client@atelier.local");
    await page.goto(shared);
    await page.getByTestId("project-count").filter({ hasText: "6 projects match" }).waitFor();
    await page.getByLabel("Search projects").fill("xylophone");
    await page.getByText("No project matches").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByTestId("project-count").filter({ hasText: "50 shown, more below" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
  });

  it("pages the Users list and searches it, on a phone as on a desktop", async () => {
    await signInAs("admin@atelier.local");
    await page.goto(`${app.url}/users`);
    const rows = page.getByTestId("user-row");
    await rows.nth(49).waitFor();
    expect(await rows.count()).toBe(50);
    await page.getByRole("button", { name: "More users" }).scrollIntoViewIfNeeded();
    await rows.nth(57).waitFor();
    expect(await rows.count()).toBe(58);
    await page.getByLabel("Search users").fill("invited-42@");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);
    expect(await rows.innerText()).toContain("Invited 42");
    await fitsBoth("users-search");
    await page.goto(`${app.url}/invoices`);
    await page.getByLabel("Search invoices").waitFor();
    await fitsBoth("invoices");
  });
});
