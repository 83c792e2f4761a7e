// Every page each role's navigation offers, at 390x844 and 1280x800 (and dark) in Chromium: nothing wider than the
// screen, the header controls on it, every control in the main content at least 44 px on a phone, the command palette, the notification sheet and the upload dialog inside the viewport
// with tappable buttons, and axe-core finding nothing serious or critical. Screenshots of each page at both widths
// go to e2e/.screenshots/<run>/ (printed at the end) to be looked at.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createComment, DEMO_BUSINESS, DEMO_USERS, seedLivingDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import axe from "axe-core";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type RunningApp, startApp, startTogether } from "./harness";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TOUCH_TARGET = 44;
const RUN_DIR = join(new URL(".", import.meta.url).pathname, ".screenshots", new Date().toISOString().replace(/[:.]/g, "-"));

const LONG_URL = `https://example.com/${"very-long-path-segment/".repeat(40)}final?query=${"x".repeat(200)}`;
// As long as a comment may be (COMMENT_BODY_MAX_LENGTH), in one word.
const LONG_WORD = "a".repeat(5000);

type Role = "admin" | "creative" | "client";
interface Visit {
  name: string;
  path: string;
  /** Outside the app's shell (the 404): no header to check. */
  bare?: boolean;
}

interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

describe("every page of every role on a phone and a desktop (PostgreSQL, Chromium)", () => {
  let t: TestDatabase;
  let app: RunningApp;
  let browser: Browser;
  let threadProjectId: string;
  let clientInvoiceId: string;
  const screenshots: string[] = [];

  beforeAll(async () => {
    [t, browser] = await startTogether([createTestDatabase(), launchBrowser()]);
    await seedLivingDemo(t.db, new Date());
    const [, creative, client] = DEMO_USERS;
    // A thread that once made the page 1,929 px wide: a long link and a 5,000-character word.
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Shop front lettering", createdBy: client.id });
    threadProjectId = project.id;
    const lines = [
      { by: client.id, body: `The printer's spec sheet is here: ${LONG_URL}` },
      { by: creative.id, body: LONG_WORD },
    ];
    for (const [i, line] of lines.entries()) {
      await createComment(t.db, {
        id: randomUUID(),
        projectId: project.id,
        userId: line.by,
        event: null,
        body: line.body,
        parentId: null,
        createdAt: new Date(Date.now() - (lines.length - i) * 60_000),
      });
    }
    const invoice = await t.db
      .selectFrom("invoices")
      .select("id")
      .where("businessId", "=", DEMO_BUSINESS.id)
      .where("status", "!=", "draft")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    clientInvoiceId = invoice.id;
    app = await startApp({ DATABASE_URL: t.url, DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" });
    mkdirSync(RUN_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await t?.destroy();
    if (screenshots.length > 0) console.log(`phone sweep: ${screenshots.length} screenshots in ${RUN_DIR}`);
  });

  function pagesFor(role: Role): Visit[] {
    const common: Visit[] = [
      { name: "projects", path: "/" },
      { name: "project-thread", path: `/projects/${threadProjectId}` },
      { name: "archive", path: "/archives" },
      { name: "billing", path: "/settings" },
      { name: "not-found", path: "/no-such-page", bare: true },
    ];
    const staff: Visit[] = [
      { name: "businesses", path: "/clients" },
      { name: "business", path: `/businesses/${DEMO_BUSINESS.id}` },
      { name: "workload", path: "/workload" },
      { name: "blog", path: "/blog" },
    ];
    const admin: Visit[] = [
      { name: "users", path: "/users" },
      { name: "user", path: `/users/${DEMO_USERS[2].id}` },
      { name: "invoices", path: "/invoices" },
      { name: "invoice", path: `/invoices/${clientInvoiceId}` },
      { name: "new-invoice", path: "/invoices/create" },
      { name: "new-project", path: "/projects/create" },
      { name: "new-user", path: "/users/create" },
    ];
    if (role === "client")
      return [
        ...common,
        { name: "invoice", path: `/settings/invoices/${clientInvoiceId}` },
        { name: "business", path: `/businesses/${DEMO_BUSINESS.id}` },
      ];
    return role === "admin" ? [...common, ...staff, ...admin] : [...common, ...staff];
  }

  async function contextFor(userId: string): Promise<BrowserContext> {
    const sessionToken = randomBytes(32).toString("hex");
    await t.db
      .insertInto("sessions")
      .values({ id: randomUUID(), sessionToken, userId, expires: new Date(Date.now() + 86_400_000) })
      .execute();
    const context = await browser.newContext({ viewport: PHONE });
    await context.addCookies([{ name: "next-auth.session-token", value: sessionToken, url: app.url, httpOnly: true, sameSite: "Lax" }]);
    return context;
  }

  /** Waits for the page's heading and for its loading placeholders to go. */
  async function settled(page: Page): Promise<void> {
    await page.locator("h1").first().waitFor();
    await page
      .waitForFunction(() => document.querySelectorAll('main [data-slot="skeleton"]').length === 0, undefined, { timeout: 10_000 })
      .catch(() => undefined);
    // Fonts and late layout (charts, images) settle.
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(250);
  }

  async function axeFindings(page: Page): Promise<AxeFinding[]> {
    // evaluate, not a script tag: the app's Content-Security-Policy refuses inline scripts.
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
    return page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time.
      const injected = (window as any).axe;
      const result = await injected.run(document, { resultTypes: ["violations"] });
      return (result.violations as { id: string; impact: string; help: string; nodes: { target: string[]; html: string }[] }[])
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`),
        }));
    });
  }

  async function axeProblems(page: Page, tag: string): Promise<string[]> {
    return (await axeFindings(page)).map((f) => `${tag}: axe ${f.impact} ${f.id}: ${f.help}\n    ${f.nodes.join("\n    ")}`);
  }

  /** Problems with one element: off the screen, or (for a button to tap on a phone) under 44 px high. */
  async function placement(locator: Locator, label: string, viewport: { width: number; height: number }, tap: boolean) {
    const box = await locator.boundingBox();
    if (!box) return [`${label}: not visible`];
    const problems: string[] = [];
    const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
    if (!inside) problems.push(`${label}: outside the ${viewport.width}x${viewport.height} viewport at ${JSON.stringify(box)}`);
    if (tap && box.height < TOUCH_TARGET - 0.5) problems.push(`${label}: ${box.height}px high, under ${TOUCH_TARGET}px`);
    return problems;
  }

  /**
   * Every control in the page's main content a finger must hit, under 44 px high or wide on a phone. Allowed: a link
   * inside a sentence (the line of text is the target, WCAG 2.5.8's inline exception), a checkbox inside a label that is
   * itself big enough, and what is hidden from everyone (the native select behind the kit's Select).
   */
  async function smallTargets(page: Page): Promise<string[]> {
    return page.evaluate((min) => {
      const controls =
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="combobox"], [role="checkbox"], [role="switch"], [role="tab"], [role="link"]';
      const problems: string[] = [];
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(`main :is(${controls})`))) {
        if (el.closest('[aria-hidden="true"], [inert]')) continue;
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === "hidden") continue;
        if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
        const style = getComputedStyle(el);
        const text = (el.textContent ?? "").trim();
        const inSentence =
          el.tagName === "A" && style.display === "inline" && (el.parentElement?.textContent ?? "").trim().length > text.length;
        if (inSentence) continue;
        const label = el.closest("label")?.getBoundingClientRect();
        if (label && label.width >= min - 0.5 && label.height >= min - 0.5) continue;
        const name = el.getAttribute("aria-label") ?? (text || el.getAttribute("placeholder") || el.getAttribute("type") || "");
        problems.push(`${el.tagName.toLowerCase()} "${name.slice(0, 60)}" is ${Math.round(box.width)}x${Math.round(box.height)} px`);
      }
      return problems;
    }, TOUCH_TARGET);
  }

  async function overflow(page: Page): Promise<string[]> {
    const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
      const vw = window.innerWidth;
      // The element that sticks out furthest, to say where an overflow comes from.
      let widest = "";
      let right = vw;
      for (const el of Array.from(document.body.querySelectorAll("*"))) {
        const r = el.getBoundingClientRect();
        if (r.right > right + 0.5) {
          right = r.right;
          widest = `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).slice(0, 80)} (right edge ${Math.round(r.right)})`;
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, widest };
    });
    return scrollWidth <= innerWidth ? [] : [`page is ${scrollWidth}px wide in a ${innerWidth}px viewport; widest: ${widest}`];
  }

  /** The whole page, or (for an overlay) what the screen shows. */
  async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
    const path = join(RUN_DIR, `${name}.png`);
    await page.screenshot({ path, fullPage });
    screenshots.push(path);
  }

  async function headerControls(page: Page, viewport: { width: number; height: number }): Promise<string[]> {
    const header = page.locator("header").first();
    const phone = viewport.width < 640;
    return [
      ...(await placement(header.getByRole("button", { name: /^Notifications/ }), "bell", viewport, phone)),
      ...(await placement(header.getByRole("button", { name: "Account menu" }), "account menu", viewport, phone)),
      ...(await placement(header.getByRole("button", { name: "Search or run a command" }), "search", viewport, phone)),
    ];
  }

  /** The palette, the notification sheet and, on a project, the upload dialog: inside the viewport, buttons tappable. */
  async function overlays(page: Page, role: Role, viewport: { width: number; height: number }): Promise<string[]> {
    const problems: string[] = [];
    const tag = `${role} ${viewport.width}px`;
    const phone = viewport.width < 640;

    await page.goto(`${app.url}/projects/${threadProjectId}`);
    await settled(page);
    await page.getByRole("button", { name: "Search or run a command" }).click();
    const palette = page.getByRole("dialog").filter({ has: page.getByPlaceholder("Type a command or search...") });
    await palette.waitFor();
    await page.waitForTimeout(300);
    problems.push(...(await placement(palette, `${tag} palette`, viewport, false)));
    // The list scrolls inside the palette: its first entry is on screen and tappable.
    problems.push(...(await placement(palette.getByRole("option").first(), `${tag} first palette entry`, viewport, phone)));
    await shoot(page, `${role}-palette-${phone ? "phone" : "desktop"}`, false);
    problems.push(...(await axeProblems(page, `${tag} palette`)));
    await page.keyboard.press("Escape");
    await palette.waitFor({ state: "detached" });

    await page.getByRole("button", { name: /^Notifications/ }).click();
    const sheet = page.getByRole("dialog", { name: "Unread Notifications" });
    await sheet.waitFor();
    await page.waitForTimeout(400);
    problems.push(...(await placement(sheet, `${tag} notification sheet`, viewport, false)));
    for (const button of await sheet.getByRole("button").all())
      if (await button.isVisible())
        problems.push(
          ...(await placement(
            button,
            `${tag} sheet button "${(await button.getAttribute("aria-label")) ?? (await button.innerText())}"`,
            viewport,
            phone,
          )),
        );
    await shoot(page, `${role}-notifications-${phone ? "phone" : "desktop"}`, false);
    problems.push(...(await axeProblems(page, `${tag} sheet`)));
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });

    if (role !== "client") {
      // Archiving asks first, in a dialog that fits the screen with buttons a finger can hit.
      await page.getByRole("button", { name: "Archive", exact: true }).click();
      const question = page.getByRole("alertdialog");
      await question.waitFor();
      await page.waitForTimeout(300);
      problems.push(...(await placement(question, `${tag} archive question`, viewport, false)));
      for (const name of ["Cancel", "Archive"])
        problems.push(...(await placement(question.getByRole("button", { name }), `${tag} archive question's ${name}`, viewport, phone)));
      await shoot(page, `${role}-archive-question-${phone ? "phone" : "desktop"}`, false);
      problems.push(...(await axeProblems(page, `${tag} archive question`)));
      await question.getByRole("button", { name: "Cancel" }).click();
      await question.waitFor({ state: "detached" });
    }

    const upload = page.getByRole("button", { name: /^Upload (Materials|Briefing files)/ }).first();
    await upload.click();
    const dashboard = page.locator(".uppy-Dashboard--modal:not([aria-hidden='true']) .uppy-Dashboard-inner");
    await dashboard.waitFor();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles({ name: "sketch.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
    const send = page.getByRole("button", { name: /^Upload 1 file/ });
    await send.waitFor();
    await page.waitForTimeout(300);
    problems.push(...(await placement(dashboard, `${tag} upload dialog`, viewport, false)));
    problems.push(...(await placement(send, `${tag} upload dialog's Upload button`, viewport, phone)));
    const close = page.locator(".uppy-Dashboard-close");
    problems.push(...(await placement(close, `${tag} upload dialog's Close button`, viewport, false)));
    await shoot(page, `${role}-upload-${phone ? "phone" : "desktop"}`, false);
    problems.push(...(await axeProblems(page, `${tag} upload dialog`)));
    await page.keyboard.press("Escape");
    return problems;
  }

  async function sweep(role: Role, userId: string): Promise<void> {
    const context = await contextFor(userId);
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        const width = viewport === PHONE ? "phone" : "desktop";
        for (const visit of pagesFor(role)) {
          const tag = `${role} ${visit.name} ${viewport.width}px`;
          await page.goto(`${app.url}${visit.path}`);
          await settled(page);
          await shoot(page, `${role}-${visit.name}-${width}`);
          problems.push(...(await overflow(page)).map((p) => `${tag}: ${p}`));
          if (!visit.bare) problems.push(...(await headerControls(page, viewport)).map((p) => `${tag}: ${p}`));
          if (viewport === PHONE) problems.push(...(await smallTargets(page)).map((p) => `${tag}: ${p}`));
          problems.push(...(await axeProblems(page, tag)));
          if (viewport === DESKTOP) {
            // The dark theme follows the system: its colours are checked once, on the wide layout.
            await page.emulateMedia({ colorScheme: "dark" });
            await page.waitForTimeout(200);
            await shoot(page, `${role}-${visit.name}-dark`);
            problems.push(...(await axeProblems(page, `${tag} dark`)));
            await page.emulateMedia({ colorScheme: "light" });
          }
        }
        problems.push(...(await overlays(page, role, viewport)));
      }
    } finally {
      await context.close();
    }
    if (problems.length > 0) console.log(`phone sweep, ${role}:\n  ${problems.join("\n  ")}`);
    expect(problems).toEqual([]);
  }

  it("as an admin", async () => {
    await sweep("admin", DEMO_USERS[0].id);
  }, 300_000);

  it("as a designer", async () => {
    await sweep("creative", DEMO_USERS[1].id);
  }, 300_000);

  it("as a client", async () => {
    await sweep("client", DEMO_USERS[2].id);
  }, 300_000);
});
