import { seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { addWorkingDays, formatInvoiceDate, utcDay } from "@atelier/domain";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fitsBoth, keepScreenshot, launchBrowser, type RunningApp, signInWithSession, startApp, startTogether } from "./harness";

describe("services (PostgreSQL, Chromium)", () => {
  let t: TestDatabase;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [t, browser] = await startTogether([createTestDatabase(), launchBrowser()]);
    await seedDemo(t.db);
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

  it("a designer offers A5 flyer; the client picks it and the project is due three working days away", async () => {
    // The first working day from today is the studio's day off: the due date moves by one.
    const dayOff = addWorkingDays(utcDay(new Date()), 1);
    await signInAs("designer@atelier.local");
    await page.goto(`${app.url}/settings`);
    await page.getByRole("link", { name: "Services and the studio's calendar" }).click();
    await page.getByRole("button", { name: "New service" }).click();
    await page.getByLabel("Name").fill("A5 flyer");
    await page.getByLabel("Description").fill("Two sides, print-ready PDF, two rounds of changes.");
    await page.getByLabel("Price (empty: quoted)").fill("350");
    await page.getByLabel("Turnaround (working days)").fill("3");
    await page.getByLabel(/^Rush turnaround/).fill("1");
    await page.getByLabel(/^Rush price/).fill("500");
    await page.getByRole("button", { name: "Add service" }).click();
    await page.getByTestId("service").filter({ hasText: "A5 flyer" }).waitFor();
    await page.getByLabel("Day off").fill(dayOff);
    await page.getByLabel("What it is").fill("Studio outing");
    await page.getByRole("button", { name: "Add day off" }).click();
    await page.getByTestId("days-off").getByText("Studio outing").waitFor();
    await fitsBoth(page, "services-settings");

    const expected = addWorkingDays(utcDay(new Date()), 3, [dayOff]);
    expect(expected).not.toBe(addWorkingDays(utcDay(new Date()), 3));
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/projects/create`);
    await page.getByLabel("Title").fill("Winter market flyer");
    await page.getByTestId("service-choice").getByText("A5 flyer").click();
    const quote = page.getByTestId("service-quote");
    await quote.filter({ hasText: `Due ${formatInvoiceDate(expected)} (3 working days)` }).waitFor();
    // A sooner day than the turnaround is refused in plain words.
    await page.getByLabel("A later day (optional)").fill(utcDay(new Date()));
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.getByText(/The earliest this can be due is/).waitFor();
    await page.getByLabel("A later day (optional)").fill("");
    await fitsBoth(page, "services-create-project");
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.getByRole("heading", { name: "Winter market flyer" }).waitFor();
    expect(await page.getByTestId("project-due").innerText()).toBe(`Due ${formatInvoiceDate(expected)}`);
  });
});
