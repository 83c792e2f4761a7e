// The newcomer's path: embedded PGlite, demo users, and the dev mailbox instead of SMTP.
import { readFile } from "node:fs/promises";
import { DEMO_BUSINESS } from "@atelier/db";
import { parsePrometheusText, sampleOf } from "@atelier/observability/testing";
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

  it("answers /healthz and /readyz without a session: alive, and every check ok", async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: "ok", checks: { database: "ok", migrations: "ok", mail: "ok", storage: "ok" } },
    ]);
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

  it("shows a mail in the dev mailbox: its body, its files to download, its links by what they open", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    try {
      await signInByMail(page, app.url, "admin@atelier.local");
      await page.getByTestId("sidebar").waitFor();
      // An invoice sent to the demo client: a mail with a button and a PDF.
      const { id, number } = await page.evaluate(async (businessId) => {
        const call = async (path: string, input: unknown) => {
          const res = await fetch(`/api/trpc/${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ json: input }),
          });
          return ((await res.json()) as { result: { data: { json: { id: string; number: string } } } }).result.data.json;
        };
        const invoice = await call("invoices.create", {
          businessId,
          lines: [{ description: "Menu </script> design", quantity: 1, unitAmount: 9_900 }],
        });
        await call("invoices.send", { id: invoice.id });
        return invoice;
      }, DEMO_BUSINESS.id);

      const mail = page
        .getByTestId("dev-mail")
        .filter({ hasText: "To: client@atelier.local" })
        .filter({ hasText: `Invoice ${number}` });
      // The outbox delivers it just after the send: the page is read again until it is there.
      await expect
        .poll(
          async () => {
            await page.goto(`${app.url}/dev/mailbox`);
            return mail.count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      const open = mail.getByRole("link", { name: `View invoice ${number}` });
      expect(await open.getAttribute("href")).toBe(`${app.url}/settings/invoices/${id}`);
      // Each link is named by what it opens: the sign-in mail's is "Sign in", nothing says "Open the sign-in link".
      await page
        .getByTestId("dev-mail")
        .filter({ hasText: "Sign in to" })
        .first()
        .getByRole("link", { name: "Sign in", exact: true })
        .waitFor();
      expect(await page.getByText("Open the sign-in link").count()).toBe(0);

      const body = mail.locator("iframe");
      expect(await body.getAttribute("sandbox")).toBe("");
      await body.contentFrame().getByText(`sent you invoice ${number}`, { exact: false }).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        mail.getByRole("link", { name: `Download ${number}.pdf` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${number}.pdf`);
      expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe("%PDF-");

      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } catch (error) {
      await keepScreenshot(page, "embedded-dev-mailbox-mail");
      throw error;
    } finally {
      await page.close();
    }
  });

  it("serves /metrics to this machine: Prometheus text whose figures move with the traffic", async () => {
    const read = async () => {
      const answer = await fetch(`${app.url}/metrics`);
      expect(answer.status).toBe(200);
      return parsePrometheusText(await answer.text());
    };
    const before = await read();
    for (let i = 0; i < 3; i++) expect((await fetch(`${app.url}/login`)).status).toBe(200);
    // A page drawn on the server calls tRPC procedures in process: they are timed too.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await signInByMail(page, app.url, "admin@atelier.local");
      await page.goto(`${app.url}/clients`);
      await page.getByRole("heading", { name: "Businesses" }).first().waitFor();
    } finally {
      await page.close();
    }
    const after = await read();
    const moved = (name: string, labels: Record<string, string> = {}) => sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(moved("atelier_http_request_duration_seconds_count", { route: "/login", method: "GET", status: "200" })).toBeGreaterThanOrEqual(
      3,
    );
    expect(moved("atelier_http_request_duration_seconds_count", { route: "/clients", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(moved("atelier_trpc_procedure_duration_seconds_count", { code: "OK" })).toBeGreaterThan(0);
    // Routes by pattern only: no raw path (and so no ID) is ever a label.
    expect(after.samples.every((s) => s.labels.route === undefined || !/\/[0-9a-f-]{20,}/.test(s.labels.route))).toBe(true);
    for (const name of [
      "atelier_mail_outbox_pending",
      "atelier_mail_outbox_overdue_seconds",
      "atelier_live_streams",
      "process_cpu_seconds_total",
    ])
      expect(after.types.has(name)).toBe(true);
    // A caller that came through a proxy is not this machine's, whatever the socket says.
    expect((await fetch(`${app.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(403);
  });

  it("stops with a clear message on an invalid environment", async () => {
    await expect(startApp({ APP_URL: "not a url", SMTP_URL: "http://x" })).rejects.toThrow(
      /Invalid environment variables:[\s\S]*APP_URL[\s\S]*SMTP_URL/,
    );
  });
});
