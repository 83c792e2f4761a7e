// A business's brand library from the browser: its client uploads a logo through the upload dialog, through the
// real balancer and upload servers, into the business's BRAND folder; the studio downloads it byte-exact.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { DEMO_BUSINESS, findUserByEmail, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "./fixtures";
import { freePort, keepScreenshot, launchBrowser, type RunningApp, startApp, startUploadServers, type UploadServers } from "./harness";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the brand library (PostgreSQL, real upload servers)", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  async function signInAs(email: string): Promise<void> {
    const user = await findUserByEmail(t.db, email);
    const sessionToken = randomBytes(32).toString("hex");
    await t.db
      .insertInto("sessions")
      .values({ id: randomUUID(), sessionToken, userId: user!.id, expires: new Date(Date.now() + 86_400_000) })
      .execute();
    await context.clearCookies();
    await context.addCookies([{ name: "next-auth.session-token", value: sessionToken, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  }

  beforeAll(async () => {
    const port = await freePort();
    const secret = randomBytes(24).toString("hex");
    [t, browser, uploads] = await Promise.all([
      createTestDatabase(),
      launchBrowser(),
      startUploadServers({ secret, webOrigin: `http://localhost:${port}` }),
    ]);
    await seedDemo(t.db);
    app = await startApp(
      {
        DATABASE_URL: t.url,
        SMTP_URL: "smtp://127.0.0.1:9",
        UPLOAD_SECRET: secret,
        UPLOAD_BALANCER_URL: uploads.balancerUrl,
      },
      { port },
    );
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await uploads?.stop();
    await t?.destroy();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
  });

  it("a client adds a logo through the upload dialog; it lies in the BRAND folder and the studio downloads it", async () => {
    const png = makePng(320, 120);
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    await page.getByRole("button", { name: "Add logos" }).click();
    await page.locator(".uppy-Dashboard-input").first().setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    await page.getByTestId("brand-logo").getByText("logo.png").waitFor({ timeout: 60_000 });

    const [row] = await t.db.selectFrom("brandFiles").selectAll().execute();
    expect(row).toMatchObject({ businessId: DEMO_BUSINESS.id, kind: "logo", name: "logo.png", size: png.length });
    expect(row!.key).toBe("Acme_Coffee-demo-business/BRAND/logo.png");

    await signInAs("designer@atelier.local");
    await page.goto(`${app.url}/businesses/${DEMO_BUSINESS.id}`);
    const href = await page.getByTestId("brand-logo").getByRole("link", { name: "Download logo.png" }).getAttribute("href");
    const res = await fetch(href!);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(png));
  });
});
