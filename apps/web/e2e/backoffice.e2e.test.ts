// The back office in Chromium: an admin deactivates a client from the user page (the client's open session
// ends and sign-in is refused with a message); a business page and brand colours; a Markdown post with a
// script tag and a javascript: link renders inert; the workload plan. Each page is looked at as a phone and a desktop.
import { join } from "node:path";
import { startWebhookReceiver } from "@atelier/api/testing/webhook-receiver";
import { DEMO_BUSINESS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import { commentHref } from "@atelier/domain";
import { type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ARTIFACTS_DIR,
  chooseOption,
  keepScreenshot,
  launchBrowser,
  openPalette,
  type RunningApp,
  signInWithSession,
  startApp,
  startTogether,
} from "./harness";

describe("the back office (PostgreSQL, Chromium)", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [t, smtp, browser] = await startTogether([createTestDatabase(), startSmtpSink(), launchBrowser()]);
    await seedDemo(t.db);
    // Webhooks go to a receiver of the test's on this machine's loopback.
    app = await startApp({
      DATABASE_URL: t.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Atelier <studio@atelier.test>",
      WEBHOOK_ALLOW_PRIVATE: "true",
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
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

  const signInAs = (email: string, on: BrowserContext = context) => signInWithSession(t.db, on, app.url, email);

  /** The page as a phone shows it: nothing wider than the screen; then as a desktop. Both kept as screenshots. */
  async function fitsPhone(name: string): Promise<void> {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-phone.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-desktop.png`), fullPage: true });
  }

  it("an admin deactivates a client from the user page: the open session ends and sign-in is refused with a message", async () => {
    // The client is signed in, in a browser of their own.
    const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const clientPage = await clientContext.newPage();
      await signInAs("client@atelier.local", clientContext);
      await clientPage.goto(app.url);
      await clientPage.getByRole("link", { name: /Your business/ }).waitFor();

      await signInAs("admin@atelier.local");
      await page.goto(`${app.url}/users`);
      await page.getByRole("link", { name: /Cleo Client/ }).click();
      await page.getByRole("heading", { name: /Cleo Client/ }).waitFor();
      await fitsPhone("user-page");
      await page.getByRole("button", { name: "Deactivate" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
      await page.getByText("Deactivated", { exact: true }).first().waitFor();

      // The client's next call is refused: the page falls back to the login screen.
      await clientPage.reload();
      await clientPage.getByRole("button", { name: "Send me a sign-in link" }).waitFor();
      // Asking for a sign-in link says why none comes.
      const alert = new Promise<string>((resolve) =>
        clientPage.once("dialog", (dialog) => {
          resolve(dialog.message());
          void dialog.dismiss();
        }),
      );
      await clientPage.getByLabel("E-mail").fill("client@atelier.local");
      await clientPage.getByRole("button", { name: "Send me a sign-in link" }).click();
      expect(await alert).toContain("deactivated");
      await clientPage.goto(`${app.url}/login?error=AccountDeactivated`);
      await clientPage.getByRole("alert").filter({ hasText: "deactivated" }).waitFor();

      // Reactivated, the client may come back; their history is still there.
      await page.getByRole("button", { name: "Reactivate" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Reactivate" }).click();
      await page.getByRole("button", { name: "Deactivate" }).waitFor();
    } finally {
      await clientContext.close();
    }
  });

  it("a business page shows details, people and a brand library; its client sees its own", async () => {
    await signInAs("designer@atelier.local");
    await page.goto(`${app.url}/clients`);
    await page.getByRole("link", { name: DEMO_BUSINESS.name }).click();
    await page.getByRole("heading", { name: DEMO_BUSINESS.name, level: 1 }).waitFor();
    // The palette opens a business's page too.
    await page.goto(`${app.url}/blog`);
    await page.getByTestId("sidebar").waitFor();
    await (await openPalette(page)).fill("acme coffee");
    await page.getByRole("option", { name: DEMO_BUSINESS.name, exact: true }).click();
    await page.getByRole("heading", { name: DEMO_BUSINESS.name, level: 1 }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Roast brown");
    await page.getByLabel("Hex").fill("#6B4F2A");
    await page.getByRole("button", { name: "Add colour" }).click();
    await page.getByTestId("brand-colours").getByText("#6b4f2a").waitFor();
    // A designer edits the name only: where invoices go is an admin's to set.
    await page.getByRole("button", { name: "Edit details" }).click();
    await page.getByTestId("billing-admin-only").waitFor();
    expect(await page.getByLabel(/Billing contacts/).count()).toBe(0);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Edit details" }).waitFor();
    await fitsPhone("business-page-designer");

    // Signing in leaves the page (signInWithSession): the admin opens the business's page again.
    const businessPage = page.url();
    await signInAs("admin@atelier.local");
    await page.goto(businessPage);
    await page.getByRole("button", { name: "Edit details" }).click();
    await page.getByLabel(/Billing contacts/).fill("books@acme.test");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByTestId("billing-contacts").filter({ hasText: "books@acme.test" }).waitFor();
    // Its legal details as the buyer of its invoices: kept as the law writes them (a VAT ID compact, upper case).
    await page.getByRole("button", { name: "Edit details" }).click();
    await page.getByLabel("VAT ID").fill("be 0403 170 701");
    await page.getByLabel("Buyer reference").fill("PO-2026-17");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Edit details" }).click();
    expect(await page.getByLabel("VAT ID").inputValue()).toBe("BE0403170701");
    expect(await page.getByLabel("Country").textContent()).toBe("Belgium");
    await fitsPhone("business-legal-admin");
    await page.getByRole("button", { name: "Cancel" }).click();

    await signInAs("client@atelier.local");
    await page.goto(app.url);
    await page.getByRole("link", { name: /Your business/ }).click();
    await page.getByTestId("brand-colours").getByText("Roast brown").waitFor();
    expect(await page.getByRole("button", { name: "Edit details" }).count()).toBe(0);
    await fitsPhone("business-page-client");
  });

  it("renders a Markdown post with a script tag and a javascript: link inert, with a live preview", async () => {
    await signInAs("designer@atelier.local");
    const ran: string[] = [];
    await page.exposeFunction("reportRan", (what: string) => ran.push(what));
    await page.goto(`${app.url}/blog`);
    await page.getByLabel("Title").first().fill("Hostile post");
    const body = [
      "## Studio news",
      "",
      "We print with **Acme Print**: [their site](https://example.com) or [click](javascript:reportRan('link')).",
      "",
      "<script>reportRan('script')</script>",
      "",
      '<img src="x" onerror="reportRan(\'img\')">',
    ].join("\n");
    await page.getByLabel(/^Post/).first().fill(body);
    await page.getByTestId("post-preview").getByRole("heading", { name: "Studio news" }).waitFor();
    await page.getByRole("button", { name: "Publish" }).click();
    const post = page.getByTestId("post").filter({ hasText: "Hostile post" });
    await post.getByRole("heading", { name: "Studio news" }).waitFor();
    expect(await post.locator("strong").innerText()).toBe("Acme Print");
    expect(await page.locator("main script, main [onerror]").count()).toBe(0);
    const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
    await post.getByText("click").click();
    await page.waitForTimeout(300);
    expect(ran).toEqual([]);
    await fitsPhone("blog");

    // Edited into a draft; deleted after asking.
    await post.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Unpublish and save as draft" }).click();
    await page.getByTestId("post").filter({ hasText: "Hostile post" }).getByText("Draft").waitFor();
    await page.getByTestId("post").filter({ hasText: "Hostile post" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("post").filter({ hasText: "Hostile post" }).waitFor({ state: "detached" });
  });

  it("forms speak: each refused field says why under it, the input is kept, and the server's refusal shows in plain words", async () => {
    await signInAs("admin@atelier.local");
    await page.goto(`${app.url}/users/create`);
    await page.getByRole("button", { name: "Create User" }).click();
    const email = page.getByLabel("E-mail");
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Write an e-mail address such as name@example.com.").isVisible()).toBe(true);
    const name = page.getByLabel(/^Name/);
    await name.fill("N".repeat(101));
    await name.blur();
    await page.getByText("The name is too long: keep it to 100 characters.").waitFor();
    await fitsPhone("form-messages");
    // Fixed, the message goes; an address already taken is the server's refusal, said as it is, and the input stays.
    await name.fill("  Nina Novak  ");
    await email.fill("client@atelier.local");
    await page.getByRole("button", { name: "Create User" }).click();
    await page.getByRole("alert").filter({ hasText: "Someone with that e-mail address already has access." }).waitFor();
    expect(await page.getByText(/too long/).count()).toBe(0);
    expect(await email.inputValue()).toBe("client@atelier.local");
    expect(await page.getByText(/✖|→ at/).count()).toBe(0);
  });

  it("plans the workload: a chart, a table, and reassigning from the plan", async () => {
    await signInAs("admin@atelier.local");
    await page.goto(`${app.url}/projects/create`);
    await page.getByLabel("Title").fill("Autumn menu");
    await chooseOption(page.getByLabel("Business"), DEMO_BUSINESS.name);
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.getByRole("heading", { name: "Autumn menu" }).waitFor();
    await page.goto(`${app.url}/workload`);
    await page.getByTestId("workload-chart").locator("svg").first().waitFor();
    await chooseOption(page.getByTestId("workload-unassigned").getByLabel("Assign Autumn menu"), "Dora Designer");
    const dora = page.getByTestId("workload-person").filter({ hasText: "Dora Designer" });
    await dora.getByRole("link", { name: "Autumn menu" }).waitFor();
    await fitsPhone("workload");
    await dora.getByRole("link", { name: "Autumn menu" }).click();
    await page.getByRole("heading", { name: "Autumn menu" }).waitFor();
  });

  it("makes an API token shown once, whose calls work until it is revoked, and an app's; the API's page reads on a phone", async () => {
    await signInAs("admin@atelier.local");
    await page.goto(`${app.url}/settings`);
    await page.getByRole("link", { name: "API tokens for other apps" }).click();
    await page.getByRole("heading", { name: "API tokens" }).waitFor();
    const name = `</script> 工房の同期 ${"ü".repeat(84)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel(/invoices:read/).click();
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByTestId("token-secret").textContent()) ?? "";
    expect(token).toMatch(/^atl_/);
    await page.getByTestId("token-row").first().waitFor();
    await fitsPhone("api-tokens");

    const projects = () => fetch(`${app.url}/api/v1/projects`, { headers: { authorization: `Bearer ${token}` } });
    const answer = await projects();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ items: expect.any(Array), nextCursor: null });

    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("token-secret").count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke token" }).click();
    await page.getByText("Revoked", { exact: true }).waitFor();
    expect((await projects()).status).toBe(401);

    // An app acting for one business: its token sees that business's projects, and the token list names the app.
    const acmeProject = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Press run" });
    await page.getByLabel("App name").fill("Acme's print shop");
    await chooseOption(page.getByLabel("Role"), "A client of one business");
    await chooseOption(page.getByLabel("Business", { exact: true }), DEMO_BUSINESS.name);
    await page.getByRole("button", { name: "Add app" }).click();
    await page.getByTestId("app-row").getByText(`Client of ${DEMO_BUSINESS.name} · 0 live tokens`).waitFor();
    await chooseOption(page.getByLabel("Acts as"), "Acme's print shop (app)");
    await page.getByLabel("Name", { exact: true }).fill("Press sync");
    await page.getByRole("button", { name: "Create token" }).click();
    const appToken = (await page.getByTestId("token-secret").textContent()) ?? "";
    await page.getByTestId("app-row").getByText("1 live token").waitFor();
    await page.getByTestId("token-row").filter({ hasText: "Acme's print shop (app)" }).waitFor();
    const seen = await fetch(`${app.url}/api/v1/projects`, { headers: { authorization: `Bearer ${appToken}` } });
    expect(seen.status).toBe(200);
    const items = ((await seen.json()) as { items: { id: string; businessId: string }[] }).items;
    expect(items.map((p) => p.id)).toContain(acmeProject.id);
    expect(new Set(items.map((p) => p.businessId))).toEqual(new Set([DEMO_BUSINESS.id]));
    await fitsPhone("api-tokens-apps");
    // Retiring the app refuses its tokens at once, and its token's row says why.
    await page.getByTestId("app-row").getByRole("button", { name: "Retire" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Retire app" }).click();
    await page.getByTestId("token-row").filter({ hasText: "Press sync" }).getByText("App retired").waitFor();
    expect((await fetch(`${app.url}/api/v1/projects`, { headers: { authorization: `Bearer ${appToken}` } })).status).toBe(401);

    await page.goto(`${app.url}/api/docs`);
    await page.getByRole("heading", { name: "Atelier API" }).waitFor();
    await page.getByText("GET /api/v1/projects", { exact: true }).waitFor();
    await fitsPhone("api-docs");
  });

  it("adds a Slack webhook for one business; its channel hears of a client's comment in words, and the log shows it", async () => {
    const hooks = await startWebhookReceiver();
    try {
      await signInAs("admin@atelier.local");
      await page.goto(`${app.url}/settings`);
      await page.getByRole("link", { name: "Webhooks for other apps and chat" }).click();
      await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
      await page.getByLabel("Address").fill(`${hooks.url}/slack`);
      await chooseOption(page.getByLabel("Sends"), "Slack message (incoming webhook)");
      await chooseOption(page.getByLabel("About"), DEMO_BUSINESS.name);
      await page.getByLabel("Name (optional)").fill("#acme <channel> & co");
      await page.getByRole("button", { name: "Add webhook" }).click();
      await page.getByTestId("new-webhook").waitFor();
      // A channel needs no signing secret: none is shown.
      expect(await page.getByTestId("webhook-secret").count()).toBe(0);
      await page.getByRole("button", { name: "Done" }).click();
      await page.getByTestId("webhook-row").getByText(`Slack message (incoming webhook) · ${DEMO_BUSINESS.name}`).waitFor();

      const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Menu board" });
      const clientContext = await browser.newContext();
      let commentId = "";
      try {
        await signInAs("client@atelier.local", clientContext);
        const posted = await clientContext.request.post(`${app.url}/api/trpc/comments.create`, {
          headers: { "content-type": "application/json", origin: app.url },
          data: { json: { projectId: project.id, body: "Can the <b>logo</b> be bigger?" } },
        });
        expect(posted.status()).toBe(200);
        commentId = ((await posted.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id;
      } finally {
        await clientContext.close();
      }
      await expect.poll(() => hooks.receipts.length, { timeout: 20_000 }).toBe(1);
      const { text } = JSON.parse(hooks.receipts[0]?.body ?? "{}") as { text: string };
      expect(text.split("\n")).toEqual([
        `Cleo Client commented on <${app.url}${commentHref(project.id, commentId)}|Menu board> (${DEMO_BUSINESS.name})`,
        "> Can the &lt;b&gt;logo&lt;/b&gt; be bigger?",
      ]);

      await page.reload();
      await page.getByText("Latest deliveries (1)").click();
      const delivery = page.getByTestId("webhook-delivery");
      await delivery.getByText("Delivered").waitFor();
      await delivery.getByText(/HTTP 200 · \d+ ms/).waitFor();
      await fitsPhone("webhooks");
    } finally {
      await hooks.close();
    }
  });
});
