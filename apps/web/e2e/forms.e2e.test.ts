// The forms speak, in Chromium at 390x844 and 1280x800: a value past the limit the database keeps gets its message in
// plain words under its field (tied to it by aria-describedby), and a refusal from the server itself (the request
// altered on its way, so the browser's checks are passed) lands under the same field. New invoice, the thread's
// composer, a brand colour and a project's due date; each kept as a screenshot in test-results/.
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ARTIFACTS_DIR, chooseOption, keepScreenshot, launchBrowser, type RunningApp, signInWithSession, startApp } from "./harness";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const [ADMIN, , CLIENT] = DEMO_USERS;

describe.each(VIEWPORTS)("forms that speak at $width px (PostgreSQL, Chromium)", (viewport) => {
  let t: TestDatabase;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId: string;

  beforeAll(async () => {
    [t, browser] = await Promise.all([createTestDatabase(), launchBrowser()]);
    await seedDemo(t.db);
    projectId = (await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Menu card", createdBy: CLIENT.id })).id;
    app = await startApp({ DATABASE_URL: t.url, DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await t?.destroy();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    page = await context.newPage();
    await signInWithSession(t.db, context, app.url, ADMIN.email);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, `forms-${viewport.name}-${ctx.task.name}`);
    await context.close();
  });

  /** The message tied to a field by aria-describedby, once the field is marked invalid. */
  async function messageOf(field: Locator): Promise<string> {
    await expect.poll(() => field.getAttribute("aria-invalid"), { timeout: 5000 }).toBe("true");
    const ids = (await field.getAttribute("aria-describedby"))?.split(" ") ?? [];
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
    return texts.join(" ");
  }

  /** Rewrites the JSON input of the next call to `procedure` on its way to the server. */
  async function alterNextCall(procedure: string, change: (input: Record<string, unknown>) => void): Promise<void> {
    const pattern = `**/api/trpc/${procedure}*`;
    await page.route(
      pattern,
      async (route) => {
        const body = JSON.parse(route.request().postData() ?? "{}") as { json: Record<string, unknown> };
        change(body.json);
        await route.continue({ postData: JSON.stringify(body) });
      },
      { times: 1 },
    );
  }

  async function shoot(name: string): Promise<void> {
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `forms-${name}-${viewport.name}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits`).toBeLessThanOrEqual(viewport.width);
  }

  it("new invoice: a line's values refused in plain words, and the server's refusal under the lines", async () => {
    await page.goto(`${app.url}/invoices/create`);
    await chooseOption(page.getByLabel("Business"), DEMO_BUSINESS.name);
    const description = page.getByLabel("Line 1 description");
    await description.fill("d".repeat(501));
    await page.getByLabel("Line 1 unit price").fill("12.345");
    await page.getByLabel("Notes").fill("n".repeat(2001));
    await page.getByRole("button", { name: "Save draft" }).click();
    expect(await messageOf(description)).toBe("The description is too long: keep it to 500 characters.");
    expect(await messageOf(page.getByLabel("Line 1 unit price"))).toBe("Give a price such as 80.00.");
    expect(await messageOf(page.getByLabel("Notes"))).toBe("The note is too long: keep it to 2,000 characters.");
    await shoot("invoice-refused");

    await description.fill("  Poster design  ");
    await page.getByLabel("Line 1 unit price").fill("450");
    await page.getByLabel("Notes").fill("Thank you");
    expect(await page.getByTestId("invoice-total").innerText()).toBe("$450.00");
    await alterNextCall("invoices.create", (input) => {
      (input.lines as { description: string }[])[0]!.description = "d".repeat(501);
    });
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("The description is too long: keep it to 500 characters.").waitFor();
    await shoot("invoice-server-refused");

    // Sent as typed, trimmed: the draft is saved, and opened.
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(new RegExp(`^${app.url}/invoices/(?!create)[^/?#]+$`));
    const saved = await t.db
      .selectFrom("invoiceLines")
      .select(["description", "unitAmount"])
      .where("description", "like", "Poster design%")
      .execute();
    expect(saved.map((l) => ({ ...l, unitAmount: Number(l.unitAmount) }))).toContainEqual({
      description: "Poster design",
      unitAmount: 45000,
    });
  });

  it("the thread's composer: too long, then refused by the server, each said under the comment", async () => {
    await page.goto(`${app.url}/projects/${projectId}`);
    const comment = page.getByLabel("Your comment");
    await comment.fill("c".repeat(5001));
    await page.getByRole("button", { name: "Post", exact: true }).click();
    expect(await messageOf(comment)).toBe("The comment is too long: keep it to 5,000 characters.");
    await comment.fill("   ");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect.poll(() => messageOf(comment)).toBe("Write something first.");

    await comment.fill("Could the headline be bigger?");
    await alterNextCall("comments.create", (input) => {
      input.body = "c".repeat(5001);
    });
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect.poll(() => messageOf(comment)).toBe("The comment is too long: keep it to 5,000 characters.");
    await shoot("comment-server-refused");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByTestId("comment").filter({ hasText: "Could the headline be bigger?" }).waitFor();
    // The live stream may show the comment before the post's own answer arrives and empties the field.
    await expect.poll(() => comment.inputValue(), { timeout: 10_000 }).toBe("");
  });

  /** Clicks `button` three times in one go, before the page can answer the first: a double click and then some. */
  async function clickThrice(button: Locator): Promise<void> {
    await button.evaluate((el: HTMLElement) => {
      for (let i = 0; i < 3; i++) el.click();
    });
  }

  /** Waits until the server has answered `count` calls of `procedure` made from here on. */
  function answersTo(procedure: string, count: number): Promise<void> {
    let seen = 0;
    return new Promise((resolve) => {
      const onResponse = (response: { url(): string }) => {
        if (!response.url().includes(`/api/trpc/${procedure}`)) return;
        seen += 1;
        if (seen < count) return;
        page.off("response", onResponse);
        resolve();
      };
      page.on("response", onResponse);
    });
  }

  it("one click, one thing: three fast clicks make one project, and three on Post one comment", async () => {
    const title = `Three clicks at ${viewport.width}`;
    await page.goto(`${app.url}/projects/create`);
    await page.getByLabel("Title").fill(title);
    await chooseOption(page.getByLabel("Business"), DEMO_BUSINESS.name);
    const created = answersTo("projects.create", 3);
    await clickThrice(page.getByRole("button", { name: "Create Project" }));
    await created;
    await page.waitForURL((url) => /^\/projects\/(?!create)/.test(url.pathname));
    const projects = await t.db.selectFrom("projects").select("id").where("title", "=", title).execute();
    expect(projects.map((p) => `/projects/${p.id}`)).toEqual([new URL(page.url()).pathname]);

    const body = `Said once at ${viewport.width}`;
    await page.getByLabel("Your comment").fill(body);
    const posted = answersTo("comments.create", 3);
    await clickThrice(page.getByRole("button", { name: "Post", exact: true }));
    await posted;
    await page.getByTestId("comment").filter({ hasText: body }).first().waitFor();
    const comments = await t.db.selectFrom("comments").select("id").where("body", "=", body).execute();
    expect(comments).toHaveLength(1);
    expect(await page.getByTestId("comment").filter({ hasText: body }).count()).toBe(1);
    await shoot("three-clicks-one-comment");
  });

  it("a brand colour and a due date: refused in plain words under their fields", async () => {
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("n".repeat(61));
    await page.getByLabel("Hex").fill("brown");
    await page.getByRole("button", { name: "Add colour" }).click();
    expect(await messageOf(name)).toBe("The name is too long: keep it to 60 characters.");
    expect(await messageOf(page.getByLabel("Hex"))).toBe("A colour is a hex value such as #1d4ed8.");
    await name.scrollIntoViewIfNeeded();
    await shoot("colour-refused");
    await name.fill("Roast brown");
    await page.getByLabel("Hex").fill("#6B4F2A");
    await alterNextCall("businesses.addColour", (input) => {
      input.hex = "brown";
    });
    await page.getByRole("button", { name: "Add colour" }).click();
    await expect.poll(() => messageOf(page.getByLabel("Hex"))).toBe("A colour is a hex value such as #1d4ed8.");
    await page.getByRole("button", { name: "Add colour" }).click();
    await page.getByTestId("brand-colours").getByText("Roast brown").waitFor();

    await page.goto(`${app.url}/projects/${projectId}`);
    const due = page.getByLabel("Due date", { exact: true });
    await due.fill("2026-12-01");
    await alterNextCall("projects.setDueOn", (input) => {
      input.dueOn = "1999-01-01";
    });
    await page.getByRole("button", { name: "Save date" }).click();
    expect(await messageOf(due)).toMatch(/^Choose a due date between \d{4} and \d{4}\.$/);
    await shoot("due-date-server-refused");
  });
});
