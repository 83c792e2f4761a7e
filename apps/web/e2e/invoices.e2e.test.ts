// Invoices as documents in Chromium: an admin fills in the studio's billing details, bills a business
// and sends the invoice (its PDF arrives by real SMTP); the client downloads the PDF from Billing.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makePng } from "./fixtures";
import {
  ARTIFACTS_DIR,
  chooseOption,
  keepScreenshot,
  launchBrowser,
  type RunningApp,
  signInWithSession,
  startApp,
  startTogether,
} from "./harness";

/** The base64 body of the mail's PDF attachment, decoded. */
function pdfAttachment(raw: string, filename: string): Buffer {
  const part = raw.split(new RegExp(`filename=${filename.replace(/[.-]/g, "\\$&")}\\r?\\n\\r?\\n`))[1] ?? "";
  return Buffer.from((part.split(/\r?\n--/)[0] ?? "").replace(/\s/g, ""), "base64");
}

describe("invoices as documents (PostgreSQL, SMTP, Chromium)", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [t, smtp, browser] = await startTogether([createTestDatabase(), startSmtpSink(), launchBrowser()]);
    await seedDemo(t.db);
    app = await startApp({ DATABASE_URL: t.url, SMTP_URL: smtp.url, MAIL_FROM: "Atelier <billing@atelier.test>" });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await t?.destroy();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    page = await context.newPage();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
    await context.close();
  });

  const signInAs = (email: string) => signInWithSession(t.db, context, app.url, email);

  /** The page as a phone shows it: nothing wider than the screen. */
  async function fitsPhone(name: string): Promise<void> {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-phone.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-desktop.png`), fullPage: true });
  }

  it("an admin sends an invoice with its PDF by mail; the client downloads the PDF from Billing", async () => {
    const number = `INV-${new Date().getUTCFullYear()}-0001`;
    await signInAs("admin@atelier.local");

    // The studio's details, printed on its invoices.
    await page.goto(`${app.url}/settings`);
    await page.getByLabel("Legal name").fill("Atelier Studio GmbH");
    await page.getByLabel("Address").fill("Hafenstrasse 1\n20457 Hamburg");
    await page.getByLabel("Tax ID").fill("DE123456789");
    await page.getByLabel("Payment terms").fill("Payable within 14 days.");
    await page.getByLabel("Bank details").fill("IBAN DE89 3704 0044 0532 0130 00");
    await page.getByLabel("Logo (PNG or JPEG)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(240, 80) });
    await page.getByAltText("Studio logo").waitFor();
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByText("Billing details saved").first().waitFor();

    await page.goto(`${app.url}/invoices/create`);
    await chooseOption(page.getByLabel("Business"), "Acme Coffee");
    await page.getByLabel("Due").fill("2026-12-15");
    await page.getByLabel("Line 1 description").fill("Poster design");
    await page.getByLabel("Line 1 unit price").fill("450");
    await page.getByLabel("Line 1 tax percent").fill("20");
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByLabel("Line 2 description").fill("Revisions (hours)");
    await page.getByLabel("Line 2 quantity").fill("3");
    await page.getByLabel("Line 2 unit price").fill("60.50");
    await page.getByLabel("Line 2 discount percent").fill("10");
    await page.getByLabel("Line 2 tax percent").fill("20");
    // 450 + 20 % = 540.00; 181.50 − 10 % = 163.35, + 20 % = 196.02 (32.67 tax)
    expect(await page.getByTestId("invoice-total").innerText()).toBe("$736.02");
    await page.getByRole("button", { name: "Save draft" }).click();
    const row = page.getByTestId("invoice-row").filter({ hasText: number });
    await row.getByText("Draft").waitFor();
    await row.getByRole("link", { name: "Open" }).click();

    // The invoice page: dates as people read them, then Send, confirmed.
    await page.getByRole("heading", { name: number }).waitFor();
    await page.getByText("Dec 15, 2026").waitFor();
    expect(await page.getByTestId("invoice-total").innerText()).toBe("$736.02");
    await fitsPhone("invoice-draft");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("mailed as a PDF to Acme Coffee's billing contacts").waitFor();
    await dialog.getByRole("button", { name: "Send invoice" }).click();
    await page.getByRole("heading", { name: number }).getByText("Sent").waitFor();
    await page.getByTestId("invoice-balance").filter({ hasText: "$736.02" }).waitFor();

    const mail = await smtp.waitFor("client@atelier.local", 15_000);
    expect(mail.raw).toContain(`Subject: Invoice ${number} from Atelier Studio GmbH`);
    expect(mail.raw).toMatch(new RegExp(`Content-Type: application/pdf; name=${number}\\.pdf`));
    expect(pdfAttachment(mail.raw, `${number}.pdf`).subarray(0, 5).toString()).toBe("%PDF-");

    // A partial payment leaves a balance.
    await page.getByLabel("Amount").fill("200");
    await page.getByRole("button", { name: "Record payment" }).click();
    await page.getByTestId("invoice-balance").filter({ hasText: "$536.02" }).waitFor();
    await fitsPhone("invoice-sent");

    // The client finds it under Billing and downloads its PDF.
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/settings`);
    expect(await page.getByTestId("outstanding").innerText()).toBe("$536.02");
    await fitsPhone("billing-client");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("invoice-row").filter({ hasText: number }).getByRole("button", { name: "PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile((await download.path()) ?? "");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // The same file the mail carried, but for the payment since recorded.
    expect(pdf.length).toBeGreaterThan(1000);
  });
});
