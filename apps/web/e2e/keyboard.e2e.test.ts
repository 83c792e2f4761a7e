// The keyboard alone, in Chromium at 1280x800 and 390x844: Ctrl+K opens the command palette, typing searches, the arrows
// reach an entry and Enter goes there; Escape closes it and focus is back where it was. A client's search finds a
// comment and a file (never the studio's internal note) and Enter opens each where it is. The bell opens the notification
// sheet, Tab stays inside it, Escape closes it onto the bell. The account menu opens and the arrows reach its items. The
// project's upload dialog opens and closes. Ctrl+Enter posts a comment; an internal note is a switch of its own that
// colours the composer and is off again after each post and on the next project; ? lists the shortcuts, g then i
// opens the inbox, g then p the projects. Nothing here uses the mouse.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ARTIFACTS_DIR,
  afterPageTimers,
  keepScreenshot,
  launchBrowser,
  type RunningApp,
  signInWithSession,
  startApp,
  startTogether,
} from "./harness";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const [ADMIN, , CLIENT] = DEMO_USERS;
const MAX_TABS = 40;

describe.each(VIEWPORTS)("the keyboard alone at $width px (PostgreSQL, Chromium)", (viewport) => {
  let t: TestDatabase;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId: string;
  let commentId: string;
  let fileId: string;
  const FILE_NAME = "Masthead_artwork-final.zip";

  beforeAll(async () => {
    [t, browser] = await startTogether([createTestDatabase(), launchBrowser()]);
    await seedDemo(t.db);
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Keyboard poster", createdBy: CLIENT.id });
    projectId = project.id;
    // What the client's search finds: a comment and a file; and an internal note it must not.
    commentId = randomUUID();
    fileId = randomUUID();
    await t.db
      .insertInto("comments")
      .values([
        {
          id: commentId,
          projectId,
          userId: ADMIN.id,
          event: null,
          body: "Could the kerning of the masthead be a little tighter?",
          parentId: null,
        },
        {
          id: randomUUID(),
          projectId,
          userId: ADMIN.id,
          event: "shadow",
          body: "Studio only: the masthead font is unlicensed",
          parentId: null,
        },
      ])
      .execute();
    await t.db
      .insertInto("projectFiles")
      .values({
        id: fileId,
        projectId,
        kind: "materials",
        uploadId: fileId,
        name: FILE_NAME,
        key: `keyboard/${fileId}`,
        thumbnail: "/placeholder.png",
        blur: "",
        size: 1024,
        type: "application/zip",
        sha256: null,
        uploadedBy: CLIENT.id,
      })
      .execute();
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
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, `keyboard-${viewport.name}-${ctx.task.name}`);
    await context.close();
  });

  const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
  const focusInside = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));
  /** What has focus, for messages. */
  const focusedName = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName.toLowerCase()} "${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40)}"` : "nothing";
    });

  /**
   * Presses `key` and lets the page's own timers and next frame run: Radix moves focus for an arrow key in a timer of
   * its own, and cmdk marks the selected entry on React's next render, so what a press did is asked only after both.
   */
  async function press(key: string): Promise<void> {
    await page.keyboard.press(key);
    await afterPageTimers(page);
  }

  /**
   * Types `text` into the palette and waits for the server's search of it, which the palette asks for once the typing
   * pauses: the entries it brings are in the list before the arrows walk it.
   */
  async function typeSearch(text: string): Promise<void> {
    // The palette is open, its field focused (it loads once the page is quiet, or on the first Ctrl+K).
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute("cmdk-input") ?? false)).toBe(true);
    const searched = page.waitForResponse((r) => decodeURIComponent(r.url()).includes(`"q":"${text}"`));
    await page.keyboard.type(text);
    await (await searched).finished();
    await afterPageTimers(page);
  }

  /** Presses Tab until `target` has focus; fails if it never does. */
  async function tabTo(target: Locator, what: string): Promise<void> {
    for (let i = 0; i < MAX_TABS; i++) {
      await press("Tab");
      if (await isFocused(target)) return;
    }
    throw new Error(`${what} never took focus in ${MAX_TABS} presses of Tab; focus is on ${await focusedName()}`);
  }

  async function open(path: string): Promise<void> {
    await page.goto(`${app.url}${path}`);
    await page.locator("h1").first().waitFor();
    // A page drawn on the server keeps its fields disabled until its script runs (a project page's follows the load
    // event): a keyboard reaches them from then on.
    await page.waitForFunction(() => !document.querySelector("fieldset[disabled]"));
    await page.evaluate(() => document.fonts.ready);
  }

  it("Ctrl+K searches, the arrows reach an entry and Enter goes there; Escape puts focus back", async () => {
    await open("/");
    // A place to come back to: the bell, reached by Tab.
    const bell = page.locator("header").getByRole("button", { name: /^Notifications/ });
    await tabTo(bell, "the bell");

    const palette = page.getByRole("dialog").filter({ has: page.getByPlaceholder("Type a command or search...") });
    await page.keyboard.press("Control+k");
    await palette.waitFor();
    await expect.poll(() => isFocused(palette.getByRole("combobox")), { message: "the search field has focus" }).toBe(true);
    await page.keyboard.press("Escape");
    await palette.waitFor({ state: "detached" });
    // Focus comes back by the widget's own timer once it has closed: asked until it has.
    await expect.poll(() => isFocused(bell), { message: "focus is back on the bell" }).toBe(true);

    await page.keyboard.press("Control+k");
    await palette.waitFor();
    await typeSearch("Go to");
    // The arrows move through the entries to "Invoices" (Go to Invoices).
    const selected = palette.locator("[cmdk-item][data-selected=true]");
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await press("ArrowDown");
      reached = (await selected.innerText()).trim() === "Invoices";
    }
    expect(reached, "the arrows reach Go to Invoices").toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${app.url}/invoices`);
    await palette.waitFor({ state: "detached" });

    // A project found by its title.
    await page.keyboard.press("Control+k");
    await palette.waitFor();
    await typeSearch("Keyboard poster");
    await palette.getByRole("option", { name: /Keyboard poster/ }).waitFor();
    reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await press("ArrowDown");
      reached = (await selected.innerText()).includes("Keyboard poster");
    }
    expect(reached, "the arrows reach the project").toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${app.url}/projects/${projectId}`);
  });

  it("a client's search finds a comment and a file, never an internal note, and Enter opens each", async () => {
    await signInWithSession(t.db, context, app.url, CLIENT.email);
    await open("/");
    const palette = page.getByRole("dialog").filter({ has: page.getByPlaceholder("Type a command or search...") });
    const selected = palette.locator("[cmdk-item][data-selected=true]");
    /** Walks the entries down with the arrows until the selected one holds `text`. */
    async function arrowTo(text: string): Promise<void> {
      for (let i = 0; i < 20; i++) {
        await press("ArrowDown");
        if ((await selected.innerText()).includes(text)) return;
      }
      throw new Error(`the arrows never reached "${text}"`);
    }

    await page.keyboard.press("Control+k");
    await palette.waitFor();
    await typeSearch("masthead");
    const comments = palette.locator("[cmdk-group]").filter({ has: page.locator("[cmdk-group-heading]", { hasText: /^Comments$/ }) });
    const files = palette.locator("[cmdk-group]").filter({ has: page.locator("[cmdk-group-heading]", { hasText: /^Files$/ }) });
    expect(await comments.getByRole("option").allInnerTexts()).toEqual([expect.stringContaining("kerning of the masthead")]);
    expect(await files.getByRole("option").allInnerTexts()).toEqual([expect.stringContaining(FILE_NAME)]);
    expect(await palette.getByText(/unlicensed/).count(), "the internal note is not offered").toBe(0);
    // The entries fit the palette, and the palette the screen: nothing runs off to the side.
    const box = await palette.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width, "the palette fits the screen").toBe(true);
    expect(await palette.getByRole("listbox").evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    await arrowTo("kerning of the masthead");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${app.url}/projects/${projectId}?id=${commentId}`);
    await page.locator(`#comment-${commentId}`).waitFor();

    await page.keyboard.press("Control+k");
    await palette.waitFor();
    await typeSearch("masthead art");
    await arrowTo(FILE_NAME);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${app.url}/projects/${projectId}?file=${fileId}`);
    await page.getByRole("dialog", { name: FILE_NAME }).waitFor();
  });

  it("the bell opens the notification sheet, Tab stays inside it, Escape closes it onto the bell", async () => {
    await open("/");
    const bell = page.locator("header").getByRole("button", { name: /^Notifications/ });
    await tabTo(bell, "the bell");
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: "Unread Notifications" });
    await sheet.waitFor();
    expect(await focusInside(sheet), `focus moves into the sheet, not ${await focusedName()}`).toBe(true);
    for (let i = 0; i < 12; i++) {
      await press("Tab");
      expect(await focusInside(sheet), `Tab ${i + 1} stays inside the sheet, not on ${await focusedName()}`).toBe(true);
    }
    await press("Shift+Tab");
    expect(await focusInside(sheet), "Shift+Tab stays inside the sheet").toBe(true);
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    // Focus comes back by the widget's own timer once it has closed: asked until it has.
    await expect.poll(() => isFocused(bell), { message: "focus is back on the bell" }).toBe(true);
  });

  it("the account menu opens and the arrows reach its items; Escape closes it onto its button", async () => {
    await open("/");
    const trigger = page.locator("header").getByRole("button", { name: "Account menu" });
    await tabTo(trigger, "the account menu");
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    const items = (await menu.getByRole("menuitem").allInnerTexts()).map((s) => s.trim());
    expect(items).toContain("Sign out");
    // The arrows walk the items down to Sign out.
    let reached = false;
    for (let i = 0; i < items.length + 1 && !reached; i++) {
      await press("ArrowDown");
      reached = await isFocused(menu.getByRole("menuitem", { name: "Sign out" }));
    }
    expect(reached, "ArrowDown reaches Sign out").toBe(true);
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => isFocused(menu.getByRole("menuitem", { name: "Sign out" })), { message: "ArrowUp leaves it" }).toBe(false);
    expect(await focusInside(menu)).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    // Focus comes back by the menu's own timer once it has closed: asked until it has.
    await expect.poll(() => isFocused(trigger), { message: "focus is back on the account menu" }).toBe(true);

    // Enter on an item does what it says: Edit profile opens the profile.
    await page.keyboard.press("Enter");
    await menu.waitFor();
    const profile = menu.getByRole("menuitem", { name: /profile/i }).first();
    for (let i = 0; i < items.length + 1 && !(await isFocused(profile)); i++) await press("ArrowDown");
    expect(await isFocused(profile), "ArrowDown reaches the profile").toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/users\/edit\//);
  });

  it("the project's upload dialog opens and closes with the keyboard, focus back on its button", async () => {
    await open(`/projects/${projectId}`);
    const upload = page.getByRole("button", { name: /^Upload (Materials|Briefing files)/ }).first();
    await tabTo(upload, "the upload button");
    await page.keyboard.press("Enter");
    const dialog = page.locator(".uppy-Dashboard--modal:not([aria-hidden='true']) .uppy-Dashboard-inner");
    await dialog.waitFor();
    await expect.poll(() => focusInside(dialog), { message: "focus moves into the upload dialog" }).toBe(true);
    await press("Tab");
    expect(await focusInside(dialog), `Tab stays inside the upload dialog, not on ${await focusedName()}`).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => isFocused(upload), { message: "focus is back on the upload button" }).toBe(true);
  });

  it("Ctrl+Enter posts; an internal note is a deliberate switch, never carried on; ? lists the keys, g i and g p go", async () => {
    const next = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: `Next poster ${viewport.name}`, createdBy: CLIENT.id });
    await open(`/projects/${projectId}`);
    const composer = page.getByTestId("comment-composer");
    const internal = page.getByRole("switch", { name: "Internal note — the client will not see this" });
    const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await composer.getAttribute("data-internal")).toBe("false");

    await page.getByLabel("Your comment").focus();
    await page.keyboard.type(`Plain by keys ${viewport.name}`);
    await page.keyboard.press("Control+Enter");
    await page
      .getByTestId("comment")
      .filter({ hasText: `Plain by keys ${viewport.name}` })
      .waitFor();
    await expect.poll(() => page.getByLabel("Your comment").inputValue()).toBe("");

    // Writing internally is unmistakable: the switch, an amber composer, its own label and button.
    await internal.focus();
    await press("Space");
    expect(await internal.isChecked()).toBe(true);
    expect(await composer.getAttribute("data-internal")).toBe("true");
    // Leaving the composer empty after a post is not an error to show.
    expect(await composer.getByText("Write something first.").count()).toBe(0);
    expect(await composer.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await page.getByRole("button", { name: "Post internal note" }).waitFor();
    await composer.screenshot({ path: join(ARTIFACTS_DIR, `internal-composer-${viewport.name}.png`) });
    await page.getByLabel("Your internal note").focus();
    await page.keyboard.type(`Studio only ${viewport.name}`);
    await page.keyboard.press("Control+Enter");
    await page
      .getByTestId("comment")
      .filter({ hasText: `Studio only ${viewport.name}` })
      .getByText("Internal note")
      .waitFor();
    // Posted, the composer is a client-visible comment again.
    await expect.poll(() => composer.getAttribute("data-internal")).toBe("false");
    expect(await internal.isChecked()).toBe(false);

    // Switched on and left: the next project's composer starts client-visible (g then p, then the palette).
    await internal.focus();
    await press("Space");
    await blur();
    await press("g");
    await press("p");
    await page.waitForURL(`${app.url}/`);
    await page.keyboard.press("Control+k");
    await typeSearch(`Next poster ${viewport.name}`);
    await page.getByRole("option", { name: new RegExp(`Next poster ${viewport.name}`) }).waitFor();
    const selected = page.locator("[cmdk-item][data-selected=true]");
    for (let i = 0; i < 20 && !(await selected.innerText()).includes("Next poster"); i++) await press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${app.url}/projects/${next.id}`);
    await page.getByRole("heading", { name: `Next poster ${viewport.name}` }).waitFor();
    expect(await composer.getAttribute("data-internal")).toBe("false");
    expect(await internal.isChecked()).toBe(false);

    // ? lists the shortcuts, fitting the screen; g then i opens the inbox.
    await blur();
    await press("?");
    const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await shortcuts.waitFor();
    expect(await shortcuts.getByTestId("shortcut-list").innerText()).toMatch(
      /Post the comment[\s\S]*Open the inbox[\s\S]*Next or previous pin/,
    );
    const box = (await shortcuts.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `shortcuts-${viewport.name}.png`) });
    await page.keyboard.press("Escape");
    await shortcuts.waitFor({ state: "detached" });
    await blur();
    await press("g");
    await press("i");
    await page.getByRole("dialog", { name: "Unread Notifications" }).waitFor();
  });
});
