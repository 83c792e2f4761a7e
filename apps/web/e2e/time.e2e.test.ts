import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  chooseOption,
  fitsBoth,
  keepScreenshot,
  launchBrowser,
  type RunningApp,
  signInWithSession,
  startApp,
  startTogether,
} from "./harness";

describe("time on projects (PostgreSQL, Chromium)", () => {
  let t: TestDatabase;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId = "";
  const [, designer] = DEMO_USERS;

  beforeAll(async () => {
    [t, browser] = await startTogether([createTestDatabase(), launchBrowser()]);
    await seedDemo(t.db);
    // The studio bills Dora's hours at 60.00; her entries carry the rate they were logged at.
    await t.db.updateTable("users").set({ hourlyRate: 6000 }).where("id", "=", designer.id).execute();
    projectId = (
      await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Harvest fair poster", createdBy: designer.id, createdAt: new Date() })
    ).id;
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

  it("a designer's timer survives a reload and shows in the header; time logged by hand joins the week", async () => {
    await signInAs("designer@atelier.local");
    await page.goto(`${app.url}/projects/${projectId}`);
    await page.getByRole("button", { name: "Start timer" }).click();
    await page.getByTestId("header-timer").waitFor();
    await page.reload();
    const timer = page.getByTestId("header-timer");
    await timer.waitFor();
    expect(await timer.innerText()).toContain("1 min");
    await page.getByRole("button", { name: /Stop timer/ }).waitFor();
    await fitsBoth(page, "time-project-running");
    await timer.getByRole("button", { name: "Stop the timer on Harvest fair poster" }).click();
    await timer.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Log time" }).click();
    await page.getByRole("heading", { name: "Timesheet" }).waitFor();
    await page.getByLabel("Time", { exact: true }).fill("an hour or so");
    await page.getByRole("button", { name: "Log time" }).click();
    await page.getByText("Write the time as 1:30, 1h30, 1.5h or 90 (minutes).").waitFor();
    await page.getByLabel("Time", { exact: true }).fill("1:30");
    await page.getByLabel("Note").fill("Layout, second pass with the new photo");
    await page.getByRole("button", { name: "Log time" }).click();
    await page.getByTestId("time-entry").filter({ hasText: "Layout, second pass" }).waitFor();
    await expect.poll(() => page.getByTestId("week-total").innerText()).toMatch(/^1 h 31 min this week/);
    await fitsBoth(page, "time-timesheet");
  });

  it("an admin sets a rate and turns the unbilled time into a draft whose total matches the entries", async () => {
    await signInAs("admin@atelier.local");
    await page.goto(`${app.url}/workload/time?person=${designer.id}`);
    await page.getByTestId("timesheet-week").getByText("Layout, second pass").waitFor();
    // A new rate is for time logged from now on: what Dora logged stays at 60.00.
    expect(await page.getByLabel("Dora Designer").inputValue()).toBe("60.00");
    await page.getByLabel("Dora Designer").fill("72.50");
    await page
      .getByRole("listitem")
      .filter({ has: page.getByLabel("Dora Designer") })
      .getByRole("button", { name: "Save rate" })
      .click();
    await page.getByText("Dora Designer: 72.50 an hour").first().waitFor();

    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    const unbilled = page.getByTestId("unbilled-time");
    await unbilled.getByTestId("unbilled-summary").filter({ hasText: "1 h 31 min in 2 entries, $91.00" }).waitFor();
    await fitsBoth(page, "time-business-unbilled");
    await chooseOption(unbilled.getByLabel("Invoice lines"), "One line per entry");
    await unbilled.getByRole("button", { name: "Make a draft invoice" }).click();
    await page.waitForURL(/\/invoices\/[^/]+$/);
    await page.getByText("Harvest fair poster: Dora Designer", { exact: false }).first().waitFor();
    // 1 minute and 90 minutes at 60.00: 1.00 and 90.00.
    await page.getByText("$91.00").first().waitFor();
    await fitsBoth(page, "time-draft-from-time");

    await page.getByRole("button", { name: "Delete draft" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete draft" }).click();
    await page.waitForURL(`${app.url}/invoices`);
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    await page.getByTestId("unbilled-summary").filter({ hasText: "1 h 31 min in 2 entries" }).waitFor();
  });
});
