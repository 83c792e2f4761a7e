// Invoices as documents in Chromium: an admin fills in the studio's billing details, bills a business
// and sends the invoice (its PDF arrives by real SMTP); the client downloads the PDF from Billing. A project's title is
// shown as typed in its page, the list, the bell, its mail's subject and the PDF of the invoice a designer drafts.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { PDFParse } from "pdf-parse";
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

/** A mail's Subject, unfolded, its encoded words (RFC 2047, B or Q) decoded as one run of UTF-8 bytes each. */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const value = (head.match(/^Subject:(.*(?:\r?\n[ \t].*)*)/im)?.[1] ?? "").replace(/\r?\n[ \t]/g, " ").trim();
  const parts: Buffer[] = [];
  let last = 0;
  for (const m of value.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)) {
    const between = value.slice(last, m.index);
    // Space between two encoded words is not part of the text.
    if (!(last > 0 && /^\s*$/.test(between))) parts.push(Buffer.from(between));
    const [, encoding, text = ""] = m;
    parts.push(
      encoding?.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          ),
    );
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(Buffer.from(value.slice(last)));
  return Buffer.concat(parts).toString("utf8");
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
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
    app = await startApp({
      DATABASE_URL: t.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Atelier <billing@atelier.test>",
      // Comment mail goes within a second, for the title in its subject.
      MAIL_DIGEST_WINDOW_S: "1",
    });
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
    await signInAs("admin@atelier.local");

    // The studio's details, printed on its invoices.
    await page.goto(`${app.url}/settings`);
    await page.getByLabel("Legal name").fill("Atelier Studio GmbH");
    await page.getByLabel("Address").fill("Hafenstrasse 1\n20457 Hamburg");
    await page.getByLabel("Tax ID").fill("DE123456789");
    await page.getByLabel("Payment terms").fill("Payable within 14 days.");
    await page.getByLabel("Bank details").fill("Commerzbank Hamburg");
    await page.getByLabel("Postcode").fill("20457");
    await page.getByLabel("City").fill("Hamburg");
    await chooseOption(page.getByLabel("Country"), "Germany");
    await page.getByLabel("VAT ID").fill("DE 123 456 789");
    await page.getByLabel("Invoicing e-mail").fill("rechnung@atelier-studio.example");
    // Without a way to be paid, invoices cannot go out: Billing says so once saved.
    await page.getByLabel("IBAN").fill("");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByTestId("legal-gaps").filter({ hasText: "bank details (IBAN) or payment link" }).waitFor();
    // A mistyped IBAN is refused at the field, with why.
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByText("This is not an IBAN").waitFor();
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await page.getByLabel("Logo (PNG or JPEG)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(240, 80) });
    await page.getByAltText("Studio logo").waitFor();
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByText("Billing details saved").first().waitFor();
    await page.getByTestId("legal-gaps").waitFor({ state: "detached" });
    await fitsPhone("billing-details");

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

    // Saved, the invoice page opens under the year's next number (the other test may have drafted one first):
    // dates as people read them, then Send, confirmed.
    await page.waitForURL(/\/invoices\/[^/]+$/);
    const heading = page.locator("h1").filter({ hasText: /INV-\d{4}-\d{4}/ });
    await heading.waitFor();
    const number = (await heading.innerText()).match(/INV-\d{4}-\d{4}/)?.[0] ?? "";
    expect(number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{4}$`));
    await page.getByText("Dec 15, 2026").waitFor();
    expect(await page.getByTestId("invoice-total").innerText()).toBe("$736.02");
    await fitsPhone("invoice-draft");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("mailed as a PDF to Acme Coffee's billing contacts").waitFor();
    await dialog.getByRole("button", { name: "Send invoice" }).click();
    await page.getByRole("heading", { name: number }).getByText("Sent").waitFor();
    await page.getByTestId("invoice-balance").filter({ hasText: "$736.02" }).waitFor();

    const mail = await smtp.waitFor("client@atelier.local", 15_000, (m) => m.raw.includes(`Subject: Invoice ${number} from`));
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

    // And, for its accounting software, the e-invoice in UBL from the invoice's page.
    await page.getByTestId("invoice-row").filter({ hasText: number }).getByRole("link", { name: number }).click();
    await page.getByRole("button", { name: "E-invoice" }).click();
    const [xml] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "UBL (Peppol)" }).click()]);
    expect(xml.suggestedFilename()).toBe(`${number}-ubl.xml`);
    const ubl = (await readFile((await xml.path()) ?? "")).toString();
    expect(ubl).toContain(`<cbc:ID>${number}</cbc:ID>`);
    expect(ubl).toContain("<cbc:RegistrationName>Atelier Studio GmbH</cbc:RegistrationName>");
    expect(ubl).toMatch(/<cbc:PayableAmount currencyID="USD">736\.02<\/cbc:PayableAmount>/);
  });

  it("shows a title as typed in its page, the list, the bell, mail and PDF; a designer drafts the invoice an admin sends", async () => {
    const title = "Café — Ünïcode 東京 1/2 (re-order) </script>";
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/projects/create`);
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.waitForURL(/\/projects\/[^/]+$/);
    await page.locator("h1").filter({ hasText: "Café" }).waitFor();
    expect(await page.locator("h1").innerText()).toBe(title);
    await fitsPhone("title-project");
    await page.goto(app.url);
    await page.getByText(title, { exact: true }).first().waitFor();

    // The studio hears of it: the bell and the mail's subject name it as typed.
    await signInAs("admin@atelier.local");
    await page.goto(app.url);
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByTestId("notification").filter({ hasText: title }).first().waitFor();
    await expect
      .poll(() => smtp.mails.map((m) => subjectOf(m.raw)).filter((subject) => subject.includes(title)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(smtp.mails.map((m) => subjectOf(m.raw)).join("\n")).not.toContain("Café — Ünïcode 東京 1 2");

    // A designer drafts the invoice from Billing; Save draft opens it; only an admin may send it.
    await signInAs("designer@atelier.local");
    await page.goto(`${app.url}/settings`);
    await page.getByRole("heading", { name: "Billing" }).waitFor();
    expect(await page.getByText("Billing is for clients").count()).toBe(0);
    await page.getByRole("link", { name: "New invoice" }).first().click();
    await chooseOption(page.getByLabel("Business"), "Acme Coffee");
    await chooseOption(page.getByLabel("Project", { exact: true }), title);
    await page.getByLabel("Line 1 description").fill("Artwork");
    await page.getByLabel("Line 1 unit price").fill("120");
    // A line that charges no VAT by law: its category, and no rate to type.
    await page.getByLabel("Line 1 tax percent").fill("20");
    await chooseOption(page.getByLabel("Line 1 VAT"), "Exempt");
    expect(await page.getByLabel("Line 1 tax percent").inputValue()).toBe("0");
    expect(await page.getByTestId("invoice-total").innerText()).toBe("$120.00");
    await fitsPhone("invoice-editor");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/invoices\/[^/]+$/);
    const heading = page.locator("h1").filter({ hasText: /INV-\d{4}-\d{4}/ });
    await heading.waitFor();
    const number = (await heading.innerText()).match(/INV-\d{4}-\d{4}/)?.[0] ?? "";
    const invoiceUrl = page.url();
    await page.getByTestId("draft-note").waitFor();
    expect(await page.getByTestId("vat-note").innerText()).toBe("Exempt from VAT.");
    expect(await page.getByText(title, { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Send", exact: true }).count()).toBe(0);
    await fitsPhone("invoice-designer-draft");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(await pdfText(await readFile((await download.path()) ?? ""))).toContain(`Project: ${title}`);

    // On Billing the invoice's number is its link.
    await page.goto(`${app.url}/settings`);
    await page.getByTestId("invoice-row").filter({ hasText: number }).getByRole("link", { name: number }).click();
    await page.waitForURL(invoiceUrl);
  });
});
