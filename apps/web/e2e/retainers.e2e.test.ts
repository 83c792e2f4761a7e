// Retainers from the browser (docs/retainers.md): a designer sets Acme Coffee's retainer on its page; the month's
// projects use it; the client sees, on its Billing page on a phone and a desktop, that it went over; the studio's list
// of businesses says so; an admin bills the month, and the draft's total is the fee and what went over.
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import { formatMoney, monthLabel, utcDay } from "@atelier/domain";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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

const CLIENT = DEMO_USERS[2];

describe("retainers (PostgreSQL, Chromium)", () => {
  let t: TestDatabase;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const thisMonth = monthLabel(utcDay(new Date()).slice(0, 7));

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
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail" && page) await keepScreenshot(page, ctx.task.name);
    await context?.close();
    context = undefined;
  });

  async function openAs(email: string, viewport: { width: number; height: number }) {
    context = await browser.newContext({ viewport });
    await signInWithSession(t.db, context, app.url, email);
    page = await context.newPage();
  }

  it("a designer sets Acme Coffee's retainer on its page", async () => {
    await openAs("designer@atelier.local", { width: 390, height: 844 });
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    const card = page.getByTestId("retainer");
    await card.getByRole("button", { name: "Set up a retainer" }).click();
    await card.getByLabel("Requests a month").fill("2");
    await chooseOption(
      card.getByRole("combobox", { name: "What is left at a month's end" }),
      "What is left carries into the next month only",
    );
    await card.getByLabel(/^Rate over the allowance/).fill("350");
    await card.getByLabel(/^Monthly fee/).fill("1000");
    await card.getByRole("button", { name: "Save retainer" }).click();
    await card.getByTestId("retainer-left").filter({ hasText: "2 requests left" }).waitFor();
    await fitsBoth(page, "retainer-business");
  });

  it.each([
    { name: "phone", width: 390, height: 844 },
    { name: "desktop", width: 1280, height: 800 },
  ])("the client sees on a $name's Billing page that the month went over", async (viewport) => {
    // Three requests this month (once: the second viewport finds them made).
    const made = await t.db.selectFrom("projects").select("id").where("businessId", "=", DEMO_BUSINESS.id).execute();
    for (let n = made.length; n < 3; n++)
      await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: `Request ${n + 1}`, createdBy: CLIENT.id });
    await openAs("client@atelier.local", viewport);
    await page.goto(`${app.url}/settings`);
    const card = page.getByTestId("retainer");
    await card.getByTestId("retainer-left").filter({ hasText: "1 request over" }).waitFor();
    expect(await card.getByTestId("retainer-standing").innerText()).toContain(`in ${thisMonth}: 3 requests used of 2 requests`);
    await card.getByText("Going over is billed at $350.00 a request.").waitFor();
    // A business does not bill itself, nor change its terms.
    expect(await card.getByRole("button").count()).toBe(0);
    await fitsBoth(page, `retainer-billing-${viewport.name}`);
  });

  it("the studio's list says who is over, and an admin bills the month: the fee and the request over", async () => {
    await openAs("admin@atelier.local", { width: 1280, height: 800 });
    await page.goto(`${app.url}/clients`);
    await page.getByTestId("retainer-over").filter({ hasText: "Retainer: 1 request over this month" }).waitFor();
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    await page.getByRole("button", { name: `Bill ${thisMonth}` }).click();
    await page.waitForURL(/\/invoices\/[^/]+$/);
    await page.getByText(`Retainer, ${thisMonth}: 2 requests a month`).first().waitFor();
    await page.getByText(`Requests over the retainer, ${thisMonth}, at $350.00 each`).first().waitFor();
    await page.getByText(formatMoney(135000, "USD")).first().waitFor();
    // The month is billed: its row links to the draft.
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    await page.getByRole("table", { name: "Months of the retainer" }).getByRole("link", { name: "Billed" }).waitFor();
  });
});
