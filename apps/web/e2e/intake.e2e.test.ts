// Intake forms from the browser (docs/services.md, "Intake forms"): a designer builds "A5 flyer"'s questions; a client
// on a phone and on a desktop picks it, is told what a required answer lacks, answers, gives a logo through the upload
// dialog and the real upload servers, and the project opens with its brief, the logo among its briefing files and a
// due date three working days away; the designer edits the brief and the edit is listed.
import { seedDemo } from "@atelier/db";
import { addWorkingDays, formatInvoiceDate, utcDay } from "@atelier/domain";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "./fixtures";
import { chooseOption, fitsBoth, keepScreenshot, type Stack, signInWithSession, startStack } from "./harness";

const STACK = { database: true, uploads: true, browser: true } as const;
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

describe("intake forms (PostgreSQL, real upload servers, Chromium)", () => {
  let stack: Stack<typeof STACK>;
  let context: BrowserContext;
  let page: Page;
  const projectIds: string[] = [];

  beforeAll(async () => {
    stack = await startStack(STACK, { seed: ({ t }) => seedDemo(t.db), env: { SMTP_URL: "smtp://127.0.0.1:9" } });
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail" && page) await keepScreenshot(page, ctx.task.name);
    await context?.close();
  });

  async function openAs(email: string, viewport: { width: number; height: number }) {
    context = await stack.browser.newContext({ viewport });
    await signInWithSession(stack.t.db, context, stack.app.url, email);
    page = await context.newPage();
  }

  it("a designer builds A5 flyer's questions", async () => {
    await openAs("designer@atelier.local", { width: 1280, height: 800 });
    await page.goto(`${stack.app.url}/settings/services`);
    await page.getByRole("button", { name: "New service" }).click();
    await page.getByLabel("Name").fill("A5 flyer");
    await page.getByLabel("Price (empty: quoted)").fill("350");
    await page.getByLabel("Turnaround (working days)").fill("3");
    const builder = page.getByTestId("intake-builder");
    const question = (n: number) => builder.getByTestId("intake-builder-field").nth(n);
    const add = async (label: string, kind: string | null, required: boolean) => {
      await builder.getByRole("button", { name: "Add a question" }).click();
      const q = question((await builder.getByTestId("intake-builder-field").count()) - 1);
      await q.getByLabel("Question", { exact: true }).fill(label);
      if (kind) await chooseOption(q.getByRole("combobox", { name: /^Kind of answer/ }), kind);
      if (required) await q.getByLabel("Required", { exact: true }).click();
      return q;
    };
    await add("Headline", null, true);
    await add("Size", "Size (width x height)", false);
    const paper = await add("Paper", "Choice", false);
    await paper.getByLabel("Options, one per line").fill("Matte\nGloss");
    await add("Logo", "Files", true);
    await fitsBoth(page, "intake-builder");
    await page.getByRole("button", { name: "Add service" }).click();
    await page.getByTestId("service").filter({ hasText: "A5 flyer" }).getByText("4 questions").waitFor();
  });

  it.each(VIEWPORTS)("a client on a $name picks A5 flyer, answers with a logo, and the project opens with its brief", async (viewport) => {
    await openAs("client@atelier.local", viewport);
    await page.goto(`${stack.app.url}/projects/create`);
    const title = `Winter market flyer (${viewport.name})`;
    await page.getByLabel("Title").fill(title);
    await page.getByTestId("service-choice").getByText("A5 flyer").click();
    const brief = page.getByTestId("intake-form");
    await brief.getByLabel(/^Headline/).waitFor();
    // Sent without its required answers: each is named under its question, and nothing is created.
    await page.getByRole("button", { name: "Create Project" }).click();
    await brief.getByText("Headline: this is required.").waitFor();
    await brief.getByText("Logo: this is required.").waitFor();
    // Focus moves to the first question at fault once its problem is drawn.
    await expect.poll(() => brief.getByLabel(/^Headline/).evaluate((e) => e === document.activeElement)).toBe(true);

    await brief.getByLabel(/^Headline/).fill("Mulled wine & gingerbread, Saturday 12–6");
    await brief.getByLabel("Size: width").fill("148");
    await brief.getByLabel("Size: height").fill("210");
    await brief.getByText("Gloss").click();
    await brief.getByRole("button", { name: "Add files" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(240, 120) });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    await brief.getByRole("list", { name: "Logo: files given" }).getByText("logo.png").waitFor({ timeout: 60_000 });
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await fitsBoth(page, `intake-create-${viewport.name}`);

    await page.getByRole("button", { name: "Create Project" }).click();
    await page.getByRole("heading", { name: title }).waitFor();
    projectIds.push(new URL(page.url()).pathname.split("/").pop()!);
    const card = page.getByTestId("brief");
    await card.getByText("Mulled wine & gingerbread, Saturday 12–6").waitFor();
    expect(await card.getByText("148 x 210 mm").count()).toBe(1);
    expect(await card.getByText("Gloss").count()).toBe(1);
    expect(await card.getByRole("link", { name: "logo.png" }).count()).toBe(1);
    expect(await page.getByTestId("project-service").innerText()).toBe("A5 flyer");
    const due = addWorkingDays(utcDay(new Date()), 3);
    expect(await page.getByTestId("project-due").innerText()).toBe(`Due ${formatInvoiceDate(due)}`);
    const briefing = page.getByRole("region", { name: "Briefing files" });
    await briefing.getByText("logo.png").waitFor();
    // The brief opens the thread, so the studio reads it there and in its mail.
    await page.getByTestId("comment").filter({ hasText: "Size: 148 x 210 mm" }).first().waitFor();
    await fitsBoth(page, `intake-project-${viewport.name}`);
  });

  it("the designer edits the brief, and the edit is listed with what it changed", async () => {
    await openAs("designer@atelier.local", { width: 390, height: 844 });
    await page.goto(`${stack.app.url}/projects/${projectIds[0]}`);
    const card = page.getByTestId("brief");
    await card.getByRole("button", { name: "Edit brief" }).click();
    await card.getByLabel("Size: width").fill("105");
    await card.getByRole("button", { name: "Save brief" }).click();
    await card.locator("dd").getByText("105 x 210 mm").waitFor();
    await card.getByText("Edited 1 time").click();
    const edits = card.getByRole("list", { name: "Edits of the brief" });
    await edits.getByText(/^Dora Designer/).waitFor();
    expect(await edits.locator("li li").first().innerText()).toBe("Size: 148 x 210 mm → 105 x 210 mm");
    await fitsBoth(page, "intake-brief-edited");
  });
});
