// The bell at a size the old one could not count: more than a hundred unread notifications, counted exactly,
// grouped by project, paged back through history, and cleared by Mark All Read in one server call.
import { randomBytes, randomUUID } from "node:crypto";
import { createComment, createLiveBus, DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { afterPageTimers, keepScreenshot, launchBrowser, type RunningApp, startApp, startTogether } from "./harness";

const UNREAD = 137;

/** Whether any of `locator`'s box is inside the window. */
const inViewport = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });

describe("the inbox in Chromium (PostgreSQL)", () => {
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
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail" && page) await keepScreenshot(page, ctx.task.name);
    await context?.close();
  });

  /**
   * A reader of the studio's, new, and then the client's questions on two projects of the test's own, none of them read:
   * someone new has read what came before them, so the reader's unread notifications are exactly these, whatever other
   * tests wrote or read (what came before is the reader's history, so the projects are named apart from other tests').
   * The odd-numbered questions are on the first project (an autumn menu), the even-numbered on the loyalty card.
   */
  async function questionsFor(role: "admin" | "creative") {
    const reader = await makeUser(t.db, { role });
    const [, , client] = DEMO_USERS;
    const tag = randomBytes(3).toString("hex");
    const titles = { autumnMenu: `Autumn menu ${tag}`, loyaltyCard: `Loyalty card ${tag}` };
    const projects = [
      await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: titles.autumnMenu }),
      await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: titles.loyaltyCard }),
    ];
    const start = Date.now() - UNREAD * 60_000;
    for (let i = 0; i < UNREAD; i++) {
      await createComment(t.db, {
        id: randomUUID(),
        projectId: (i % 2 === 0 ? projects[0] : projects[1])?.id as string,
        userId: client.id,
        event: null,
        body: `Question ${i + 1}`,
        parentId: null,
        createdAt: new Date(start + i * 60_000),
      });
    }
    return { readerId: reader.id, loyaltyCard: projects[1]?.id as string, titles };
  }

  /** The reader scrolls up with the wheel, as far as it takes for `target` to be loaded and in view. */
  async function wheelUpTo(target: Locator) {
    for (let turn = 0; turn < 60 && !((await target.count()) > 0 && (await inViewport(target.first()))); turn++) {
      await page.mouse.wheel(0, -600);
      await afterPageTimers(page);
    }
    await target.waitFor();
  }

  /** The cursor of every page of a thread the page asks for: null for the newest page, the oldest comment shown for an older one. */
  function threadCursorsAsked(): unknown[] {
    const cursors: unknown[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (!url.pathname.includes("comments.byProject")) return;
      const input = JSON.parse(url.searchParams.get("input") ?? "{}") as { json?: { cursor?: unknown } };
      cursors.push(input.json?.cursor ?? null);
    });
    return cursors;
  }

  async function signIn(userId: string, viewport: { width: number; height: number }) {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    const sessionToken = randomBytes(32).toString("hex");
    await t.db
      .insertInto("sessions")
      .values({ id: randomUUID(), sessionToken, userId, expires: new Date(Date.now() + 86_400_000) })
      .execute();
    await context.addCookies([{ name: "next-auth.session-token", value: sessionToken, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  }

  it("shows the exact count, groups by project, and Mark All Read clears every one", async () => {
    const { readerId, titles } = await questionsFor("admin");
    await signIn(readerId, { width: 390, height: 844 });
    await page.goto(app.url);
    await page
      .getByTestId("unread-count")
      .filter({ hasText: String(UNREAD) })
      .waitFor();
    await page.getByRole("button", { name: `Notifications: ${UNREAD} unread` }).click();
    await page.getByRole("heading", { name: "Unread Notifications" }).waitFor();
    // Two projects, two entries, each standing for the rest of its project's comments.
    await page.getByTestId("notification-more").filter({ hasText: "+68 more" }).waitFor();
    await page.getByTestId("notification-more").filter({ hasText: "+67 more" }).waitFor();
    for (const title of Object.values(titles)) expect(await page.getByTestId("notification").filter({ hasText: title }).count()).toBe(1);
    await keepScreenshot(page, "inbox-phone-unread");
    // The sheet fits the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const bulk = page.waitForRequest((r) => r.url().includes("/api/trpc/comments.markAllRead"));
    await page.getByRole("button", { name: "Mark All Read" }).click();
    await bulk;
    await page.getByText("You are all caught up.").waitFor();
    await page.getByTestId("unread-count").waitFor({ state: "detached" });
    // What was unread is now history, a page at a time. The reader's history also holds what came before them, so
    // "Old notifications" may show before the sheet has caught up with the marking: the page itself is waited for.
    await page.getByText("Old notifications").waitFor();
    await expect.poll(() => page.getByTestId("notification").count()).toBe(20);
    expect(await page.getByTestId("notification-more").count()).toBe(0);
    await page.getByRole("button", { name: "Show older" }).click();
    await page.getByTestId("notification").nth(39).waitFor();
    await keepScreenshot(page, "inbox-phone-old");
    await page.reload();
    await page.getByRole("button", { name: "Notifications: 0 unread" }).waitFor();
  });

  it("opening a project reads its notifications, and only that project's", async () => {
    const { readerId, titles } = await questionsFor("creative");
    await signIn(readerId, { width: 1280, height: 800 });
    // The page's live stream: an event sent before it is open would not reach the page.
    const liveStream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
    await page.goto(app.url);
    await page
      .getByTestId("unread-count")
      .filter({ hasText: String(UNREAD) })
      .waitFor();
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByTestId("notification").filter({ hasText: titles.autumnMenu }).click();
    await page
      .getByTestId("comment")
      .filter({ hasText: `Question ${UNREAD}` })
      .waitFor();
    // The comment the notification links to is brought into view.
    const linked = new URL(page.url()).searchParams.get("id");
    expect(linked).toBeTruthy();
    await expect.poll(() => inViewport(page.locator(`#comment-${linked}`)), { message: "the linked comment is in view" }).toBe(true);
    // The thread opens on its newest page; the older comments load as the reader scrolls up to them, whatever
    // refreshes the thread meanwhile (opening it reads its notifications, and that refreshes every query).
    const first = page.getByText("Question 1", { exact: true });
    await wheelUpTo(first);
    expect(await page.getByTestId("comment").count()).toBe((UNREAD + 1) / 2);
    await keepScreenshot(page, "inbox-desktop-thread");
    // A comment coming in live refreshes the thread and leaves the reader where they are, not back at the linked one.
    await first.scrollIntoViewIfNeeded();
    const [, , client] = DEMO_USERS;
    const projectId = new URL(page.url()).pathname.split("/").at(-1) as string;
    const commentId = randomUUID();
    await createComment(t.db, {
      id: commentId,
      projectId,
      userId: client.id,
      event: null,
      body: "Arrived live",
      parentId: null,
      createdAt: new Date(),
    });
    await liveStream;
    const bus = await createLiveBus({ databaseUrl: t.url });
    await bus.publish({ type: "comment", projectId, businessId: DEMO_BUSINESS.id, commentId, staffOnly: false }).finally(() => bus.close());
    await page.getByTestId("comment").filter({ hasText: "Arrived live" }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await inViewport(first), "Question 1 is still in view after the live comment").toBe(true);
    // Autumn menu had the odd-numbered questions, 69 of them; 68 on the loyalty card remain.
    await page.getByTestId("unread-count").filter({ hasText: "68" }).waitFor();
  });

  it("a thread opened on a phone shows its newest page, and older ones as the reader scrolls up to them", async () => {
    const { readerId, loyaltyCard } = await questionsFor("admin");
    await signIn(readerId, { width: 390, height: 844 });
    const cursorsAsked = threadCursorsAsked();
    await page.goto(`${app.url}/projects/${loyaltyCard}`);
    await page.getByText("Question 136", { exact: true }).waitFor();
    // The page has arrived once its own code has taken over the server's HTML (its fields are enabled then).
    await page.waitForFunction(() => !document.querySelector("fieldset[disabled]"));
    // Below the project's header, the row that loads older comments is in view as the page opens...
    const older = page.getByRole("button", { name: /older comments/ });
    expect(await inViewport(older), "the older comments' row is in view on arrival").toBe(true);
    // ...and nothing older is fetched until the reader moves: not the thread's whole history, a page after another.
    for (let i = 0; i < 10; i++) await afterPageTimers(page);
    await page.waitForTimeout(1000);
    expect(cursorsAsked.length, "the newest page was asked for").toBeGreaterThan(0);
    expect(cursorsAsked.filter((cursor) => cursor !== null).length, "older pages fetched unasked").toBe(0);
    expect(await page.getByTestId("comment").count()).toBe(50);
    await keepScreenshot(page, "inbox-phone-thread-opened");
    await wheelUpTo(page.getByText("Question 2", { exact: true }));
    // The loyalty card has the even-numbered questions, 68 of them.
    expect(await page.getByTestId("comment").count()).toBe((UNREAD - 1) / 2);
  });

  it("a link to a comment two pages back loads back to it; a link to one not in the thread loads nothing older", async () => {
    const { readerId, loyaltyCard } = await questionsFor("admin");
    await signIn(readerId, { width: 390, height: 844 });
    const cursorsAsked = threadCursorsAsked();
    // An address edited by hand: no such comment here. The thread says so and stays on its newest page.
    await page.goto(`${app.url}/projects/${loyaltyCard}?id=${randomUUID()}`);
    await page.getByText("The comment this link points to is not in this conversation any more.").waitFor();
    for (let i = 0; i < 10; i++) await afterPageTimers(page);
    await page.waitForTimeout(1000);
    expect(cursorsAsked.filter((cursor) => cursor !== null).length, "older pages fetched for a comment not there").toBe(0);
    expect(await page.getByTestId("comment").count()).toBe(50);
    await keepScreenshot(page, "inbox-phone-link-not-there");
    // Nor is an id longer than any the server takes.
    await page.goto(`${app.url}/projects/${loyaltyCard}?id=${"z".repeat(300)}`);
    await page.getByText("The comment this link points to is not in this conversation any more.").waitFor();
    expect(cursorsAsked.filter((cursor) => cursor !== null).length, "older pages fetched for an impossible id").toBe(0);

    // The loyalty card's oldest question, on the thread's second page: loaded, and brought into view.
    const oldest = await t.db
      .selectFrom("comments")
      .select("id")
      .where("projectId", "=", loyaltyCard)
      .where("body", "=", "Question 2")
      .executeTakeFirstOrThrow();
    cursorsAsked.length = 0;
    await page.goto(`${app.url}/projects/${loyaltyCard}?id=${oldest.id}`);
    const entry = page.locator(`#comment-${oldest.id}`);
    await entry.waitFor();
    await expect.poll(() => inViewport(entry)).toBe(true);
    expect(cursorsAsked.filter((cursor) => cursor !== null).length, "older pages fetched to reach the linked comment").toBeGreaterThan(0);
    expect(await page.getByText("not in this conversation any more").count()).toBe(0);
  });
});
