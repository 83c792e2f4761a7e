// The newcomer's path: embedded PGlite, demo users, and the dev mailbox instead of SMTP.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepScreenshot, launchBrowser, type RunningApp, signInByMail, startApp, startTogether } from "./harness";

describe("the embedded run", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await startTogether([startApp({}), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("answers /api/auth/providers as JSON with the e-mail provider only", async () => {
    const res = await fetch(`${app.url}/api/auth/providers`);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(Object.keys((await res.json()) as object)).toEqual(["email"]);
  });

  it("signs the demo client in through the dev mailbox", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await signInByMail(page, app.url, "client@atelier.local");
      const nav = page.getByTestId("sidebar").getByRole("navigation", { name: "Main" });
      await nav.waitFor();
      expect(await nav.getByRole("link").allInnerTexts()).toEqual(["Projects", "Archive", "Billing"]);
      expect(app.logs.join("")).toContain("[dev mailbox] to client@atelier.local");
      // The first start seeded a studio to explore: the client's business already has projects.
      await page.getByRole("link", { name: /Spring opening poster/ }).waitFor();
    } catch (error) {
      await keepScreenshot(page, "embedded-dev-mailbox");
      throw error;
    } finally {
      await page.close();
    }
  });

  it("stops with a clear message on an invalid environment", async () => {
    await expect(startApp({ APP_URL: "not a url", SMTP_URL: "http://x" })).rejects.toThrow(
      /Invalid environment variables:[\s\S]*APP_URL[\s\S]*SMTP_URL/,
    );
  });
});
