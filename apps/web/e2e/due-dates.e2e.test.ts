import { DEMO_BUSINESS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import { addDays, utcDay } from "@atelier/domain";
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

describe("due dates (PostgreSQL, Chromium)", () => {
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

  async function createProject(title: string, dueOn?: string): Promise<void> {
    await page.goto(`${app.url}/projects/create`);
    await page.getByLabel("Title").fill(title);
    await chooseOption(page.getByLabel("Business"), DEMO_BUSINESS.name);
    if (dueOn) await page.getByLabel("Due date (optional)").fill(dueOn);
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.getByRole("heading", { name: title }).waitFor();
  }

  const card = (title: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name: new RegExp(title) }) });

  it("a project due on a past day shows Overdue on its page, in the list and on Workload; the filter survives a reload", async () => {
    await signInAs("admin@atelier.local");
    // Due on a day long before any run of this test.
    await createProject("Overdue poster", "2024-03-01");
    await page.getByTestId("project-due").filter({ hasText: "Due Mar 1, 2024" }).getByText("Overdue").waitFor();
    await fitsBoth(page, "due-project-page");

    // Another project, dated later from its own page: due, not overdue.
    await createProject("Calm flyer");
    expect(await page.getByTestId("project-due").count()).toBe(0);
    await page.getByLabel("Due date", { exact: true }).fill("2099-06-01");
    await page.getByRole("button", { name: "Save date" }).click();
    await page.getByTestId("project-due").filter({ hasText: "Due Jun 1, 2099" }).waitFor();
    expect(await page.getByTestId("overdue-badge").count()).toBe(0);

    // The list: the overdue one says so on its card, the other one shows its date only.
    await page.goto(`${app.url}/`);
    await card("Overdue poster").getByTestId("overdue-badge").waitFor();
    await card("Calm flyer").getByText("Due Jun 1, 2099").waitFor();
    expect(await card("Calm flyer").getByTestId("overdue-badge").count()).toBe(0);

    // Only the overdue ones, soonest first: the address says so, and a reload keeps it.
    // The box follows the address, which changes just after the click.
    await page.getByLabel("Overdue only").click();
    await page.waitForURL(/overdue=1/);
    await page.getByLabel("Overdue only").and(page.locator(":checked")).waitFor();
    await card("Calm flyer").waitFor({ state: "detached" });
    await chooseOption(page.getByLabel("Order"), "Due soonest");
    await page.waitForURL(/sort=due/);
    await page.reload();
    await card("Overdue poster").getByTestId("overdue-badge").waitFor();
    await page.getByLabel("Overdue only").and(page.locator(":checked")).waitFor();
    expect(await card("Calm flyer").count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("overdue")).toBe("1");
    await fitsBoth(page, "due-project-list-overdue");

    // Workload: waiting unassigned, overdue; handed to the designer from there, still overdue, linked to its project.
    await page.goto(`${app.url}/workload`);
    await page.getByTestId("workload-chart").locator("svg").first().waitFor();
    const unassigned = page.getByTestId("workload-unassigned");
    await unassigned.getByTestId("workload-due").filter({ hasText: "Project due Mar 1, 2024" }).getByText("Overdue").waitFor();
    await unassigned.getByTestId("workload-due").filter({ hasText: "Project due Jun 1, 2099" }).waitFor({ state: "detached" });
    await chooseOption(unassigned.getByLabel("Assign Overdue poster"), "Dora Designer");
    const dora = page.getByTestId("workload-person").filter({ hasText: "Dora Designer" });
    await dora.getByTestId("workload-due").filter({ hasText: "Project due Mar 1, 2024" }).getByText("Overdue").waitFor();
    await dora.getByText("1 overdue").waitFor();
    const doraRow = page.getByTestId("workload-table").getByRole("row").filter({ hasText: "Dora Designer" });
    expect((await doraRow.getByRole("cell").allInnerTexts()).map((c) => c.trim())).toEqual(["Dora Designer", "1", "0", "0", "1", "0"]);
    await fitsBoth(page, "due-workload");
    await dora.getByTestId("workload-due").filter({ hasText: "Project due Mar 1, 2024" }).click();
    await page.getByRole("heading", { name: "Overdue poster" }).waitFor();
  });

  it("the client sees its project's due date and that it is overdue, with nothing to change it", async () => {
    // A project of its own, due on a day long gone (not the other test's day, whose project that test looks for by it).
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Late leaflet" });
    await t.db.updateTable("projects").set({ dueOn: "2024-02-01" }).where("id", "=", project.id).execute();
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/?overdue=1`);
    await card("Late leaflet").getByTestId("overdue-badge").waitFor();
    await card("Late leaflet").getByRole("link").click();
    await page.getByTestId("project-due").filter({ hasText: "Due Feb 1, 2024" }).getByText("Overdue").waitFor();
    expect(await page.getByRole("button", { name: "Save date" }).count()).toBe(0);
    expect(await page.getByLabel("Due date", { exact: true }).count()).toBe(0);
    await fitsBoth(page, "due-client-project-page");
  });

  it("a client subscribes a calendar to its business's due dates from the account menu, and turns it off", async () => {
    const dueOn = addDays(utcDay(new Date()), 30);
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Calendar flyer 東京 </script>" });
    await t.db.updateTable("projects").set({ dueOn }).where("id", "=", project.id).execute();
    await signInAs("client@atelier.local");
    await page.goto(app.url);
    const open = async () => {
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Calendar feed" }).click();
      return page.getByRole("dialog", { name: "Calendar feed" });
    };
    let dialog = await open();
    await dialog.getByText("your business's projects").waitFor();
    await dialog.getByRole("button", { name: "Make an address" }).click();
    const address = await dialog.getByLabel("Calendar address").inputValue();
    expect(address).toMatch(new RegExp(`^${app.url}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    await fitsBoth(page, "due-calendar-feed-dialog");

    // A calendar app reads it with no session: the project's day, as an all-day event that links to the project.
    const calendar = await fetch(address);
    expect(calendar.status).toBe(200);
    const text = (await calendar.text()).replace(/\r\n[ \t]/g, "");
    expect(text).toContain("SUMMARY:Due: Calendar flyer 東京 </script>");
    expect(text).toContain(`DTSTART;VALUE=DATE:${dueOn.replaceAll("-", "")}`);
    expect(text).toContain(`/projects/${project.id}`);

    // Opened again, the address is not shown, the state is; turned off, the address answers nothing at once.
    await page.keyboard.press("Escape");
    dialog = await open();
    await dialog.getByTestId("calendar-feed-state").filter({ hasText: "last read by a calendar" }).waitFor();
    expect(await dialog.getByLabel("Calendar address").count()).toBe(0);
    await dialog.getByRole("button", { name: "Turn off" }).click();
    await dialog.getByTestId("calendar-feed-state").filter({ hasText: "Off" }).waitFor();
    expect((await fetch(address)).status).toBe(404);
  });
});
