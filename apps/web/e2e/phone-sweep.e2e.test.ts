// Every page each role's navigation offers, at 390x844 and 1280x800 (and dark) in Chromium, with real content: names,
// titles and file names as long as the app takes them (200 characters where it has no limit of its own) and long links.
// Nothing wider than the screen, the header controls on it, every control in the main content at least 44 px on a
// phone, the command palette, the notification sheet and the upload dialog inside the viewport with tappable buttons,
// and axe-core finding nothing serious or critical. Then a crawl per role at 390 px: from the projects page, following
// the app's own links (a few of each kind of page), no page scrolls sideways and none has a script error. Screenshots
// of each page at both widths go to e2e/.screenshots/<run>/ (printed at the end) to be looked at.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  addBrandFiles,
  addProjectFiles,
  createBusiness,
  createComment,
  createUser,
  DEMO_BUSINESS,
  DEMO_USERS,
  seedLivingDemo,
  setProjectAssignee,
} from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import { BUSINESS_NAME_MAX_LENGTH, PROJECT_TITLE_MAX_LENGTH, USER_NAME_MAX_LENGTH } from "@atelier/domain";
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
/** A name of `length` characters: words, then one long unbroken run, as real names and file names come. */
const longName = (start: string, length: number) => `${start} ${"Wide".repeat(length)}`.slice(0, length);
const LONG_FILE_NAME = `${longName("Final artwork print ready CMYK", 196)}.pdf`;
/** How many pages of one kind (same route, another id) the crawl opens, and how many pages at most per role. */
const CRAWL_PER_KIND = 3;
const CRAWL_MAX_PAGES = 40;

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
  let longProjectId: string;
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
    longProjectId = await seedLongContent(project.id);
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

  /**
   * Content as long as the app takes it: a business, a person and a project title at their limits, brand files and
   * project files of each kind with 200-character names, a long link in a thread, the long project assigned to the
   * designer so Workload lists it.
   */
  async function seedLongContent(threadId: string): Promise<string> {
    const [admin, creative, client] = DEMO_USERS;
    const longBusiness = await createBusiness(t.db, {
      id: "long-business",
      name: longName("Northern Lights Coffee Roasters", BUSINESS_NAME_MAX_LENGTH),
    });
    await createUser(t.db, {
      id: "long-client",
      email: `${"very.long.address".repeat(8)}@example.test`,
      name: longName("Maximiliane Alexandra", USER_NAME_MAX_LENGTH),
      role: "client",
      businessId: longBusiness.id,
    });
    const title = longName("Co-branded T-shirt 1/2 (re-order) for the summer festival", PROJECT_TITLE_MAX_LENGTH);
    const long = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title, createdBy: client.id });
    await makeProject(t.db, { businessId: longBusiness.id, title, createdBy: admin.id });
    await setProjectAssignee(t.db, long.id, creative.id);
    // The app's own placeholder as every picture: the pages lay the files out as they would real uploads.
    const picture = { key: "long/placeholder.svg", thumbnail: "/placeholder.svg", size: 1234, type: "image/svg+xml" };
    await addBrandFiles(
      t.db,
      (["logo", "font", "guideline"] as const).map((kind) => ({
        id: `long-brand-${kind}`,
        businessId: DEMO_BUSINESS.id,
        kind,
        uploadId: `long-brand-${kind}`,
        name: LONG_FILE_NAME,
        key: picture.key,
        thumbnail: picture.thumbnail,
        blur: picture.thumbnail,
        size: picture.size,
        type: picture.type,
        uploadedBy: client.id,
      })),
    );
    for (const projectId of [long.id, threadId])
      await addProjectFiles(
        t.db,
        (["briefing", "materials", "print_ready"] as const).map((kind) => ({
          id: `long-file-${projectId}-${kind}`,
          projectId,
          kind,
          uploadId: `long-file-${projectId}-${kind}`,
          name: LONG_FILE_NAME,
          key: picture.key,
          thumbnail: picture.thumbnail,
          blur: picture.thumbnail,
          size: picture.size,
          type: picture.type,
          sha256: null,
          uploadedBy: client.id,
        })),
      );
    await createComment(t.db, {
      id: randomUUID(),
      projectId: long.id,
      userId: creative.id,
      event: null,
      body: `Proof of ${LONG_FILE_NAME} is up: ${LONG_URL}`,
      parentId: null,
      createdAt: new Date(),
    });
    return long.id;
  }

  function pagesFor(role: Role): Visit[] {
    const common: Visit[] = [
      { name: "projects", path: "/" },
      { name: "project-thread", path: `/projects/${threadProjectId}` },
      { name: "project-long", path: `/projects/${longProjectId}` },
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
      { name: "tokens", path: "/settings/tokens" },
      { name: "webhooks", path: "/settings/webhooks" },
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

  /** The kind of page a path is: the app's own words kept, every other segment (an id) as ":id". */
  const ROUTE_WORDS = new Set([
    "projects",
    "businesses",
    "clients",
    "users",
    "invoices",
    "settings",
    "archives",
    "workload",
    "blog",
    "create",
    "edit",
  ]);
  const routeKind = (pathname: string) =>
    pathname
      .split("/")
      .map((segment) => (segment === "" || ROUTE_WORDS.has(segment) ? segment : ":id"))
      .join("/");

  /** The page's heading is there and its loading placeholders are gone: no sleeping, only conditions. */
  async function ready(page: Page): Promise<void> {
    await page.locator("h1").first().waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0, undefined, { timeout: 15_000 });
    await page.evaluate(() => document.fonts.ready);
  }

  /**
   * From the projects page, every link of the app a role's pages show (a few of each kind, at most CRAWL_MAX_PAGES), at
   * 390 px: each page answers, fits the screen (scrollingElement.scrollWidth <= innerWidth) and throws no error, in
   * its scripts or on the console.
   */
  async function crawl(role: Role, userId: string): Promise<void> {
    const context = await contextFor(userId);
    const origin = new URL(app.url).origin;
    const problems: string[] = [];
    const visited: string[] = [];
    try {
      const page = await context.newPage();
      let at = "";
      page.on("pageerror", (error) => problems.push(`${at}: script error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`${at}: console error: ${message.text()}`);
      });
      const queue = ["/"];
      const seen = new Set(queue);
      const perKind = new Map([["/", 1]]);
      while (queue.length > 0 && visited.length < CRAWL_MAX_PAGES) {
        at = queue.shift() as string;
        visited.push(at);
        const answer = await page.goto(`${app.url}${at}`);
        if (!answer || answer.status() >= 400) problems.push(`${at}: answered ${answer?.status()}`);
        await ready(page).catch((error: Error) => problems.push(`${at}: did not settle: ${error.message.split("\n")[0]}`));
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) problems.push(...(await overflow(page)).map((p) => `${at}: ${p}`));
        const links = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]:not([download])"), (a) => a.href),
        );
        for (const href of links) {
          const url = new URL(href);
          if (url.origin !== origin || /^\/(api|storage|dev)(\/|$)/.test(url.pathname)) continue;
          const path = `${url.pathname}${url.search}`;
          const kind = routeKind(url.pathname);
          if (seen.has(path) || (perKind.get(kind) ?? 0) >= CRAWL_PER_KIND) continue;
          seen.add(path);
          perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
          queue.push(path);
        }
      }
      await shoot(page, `${role}-crawl-last-phone`);
    } finally {
      await context.close();
    }
    console.log(`crawl, ${role}: ${visited.length} pages: ${visited.join(" ")}`);
    if (problems.length > 0) console.log(`crawl, ${role}:\n  ${problems.join("\n  ")}`);
    // The crawl reached past the first page, into each kind of page its links lead to.
    expect(visited.length).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  }

  it("as an admin", async () => {
    await sweep("admin", DEMO_USERS[0].id);
  }, 480_000);

  it("as a designer", async () => {
    await sweep("creative", DEMO_USERS[1].id);
  }, 480_000);

  it("as a client", async () => {
    await sweep("client", DEMO_USERS[2].id);
  }, 480_000);

  it("crawls an admin's pages at 390 px", async () => {
    await crawl("admin", DEMO_USERS[0].id);
  }, 480_000);

  it("crawls a designer's pages at 390 px", async () => {
    await crawl("creative", DEMO_USERS[1].id);
  }, 480_000);

  it("crawls a client's pages at 390 px", async () => {
    await crawl("client", DEMO_USERS[2].id);
  }, 480_000);
});
