// Invoices as documents on real PostgreSQL: who reaches which invoice and PDF, gapless numbers under
// concurrent creation, sending with the PDF in the outbox, drafts, payments, credit notes and reminders.
import { mkdirSync, mkdtempSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, type MailAttachment, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { canSeeInvoice, type SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { TRPCError } from "@trpc/server";
import jsQR from "jsqr";
import { PDFParse } from "pdf-parse";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { PNG } from "pngjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { createInvoicePdfHandler, remindOverdueInvoices } from "./invoice-documents";

const session = (role: SessionUser["role"], id: string, businessId: string | null): SessionUser => ({
  id,
  name: `${role} ${id}`,
  email: `${id}@example.test`,
  image: null,
  emailNotification: true,
  role,
  businessId,
});

/** The text of the QR code on each page of the PDF, read from the page drawn as a picture, as a phone's camera would. */
async function qrCodesIn(bytes: Uint8Array): Promise<string[]> {
  // A copy: pdf.js takes the bytes it is given over (they are gone from the caller's array).
  const parser = new PDFParse({ data: bytes.slice() });
  try {
    const shots = await parser.getScreenshot({ scale: 2, imageDataUrl: false });
    return shots.pages.flatMap((page) => {
      const png = PNG.sync.read(Buffer.from(page.data));
      const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      return code ? [code.data] : [];
    });
  } finally {
    await parser.destroy();
  }
}

/** Where a PDF worth a look is kept after the run. */
const ARTIFACTS = new URL("../test-results/", import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes.slice() });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "OK";
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

describe("invoices as documents", () => {
  let t: TestDatabase;
  let clock = new Date("2026-12-01T10:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-invoices-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const queued: { kind: string; to: string; subject: string; text: string; html?: string; attachments?: readonly MailAttachment[] }[] = [];
  const outbox = {
    enqueue: async (_db: unknown, mails: readonly (typeof queued)[number][]) => {
      queued.push(...mails);
      return mails.map(() => "id");
    },
    gather: async () => {},
    kick: () => {},
  };
  const mail = { outbox, appUrl: "http://127.0.0.1:3000", digestWindowMs: 0, signInLink: async () => "" };
  const admin = session("admin", DEMO_USERS[0].id, null);
  const creative = session("creative", "demo-creative", null);
  const demoClient = session("client", "demo-client", DEMO_BUSINESS.id);
  let otherBusiness = "";
  let otherClient: SessionUser;
  const as = (user: SessionUser) => createCaller({ db: t.db, user, now: () => clock, files, mail });

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    otherBusiness = (await as(admin).businesses.create({ name: "Other Bakery" })).id;
    const other = await as(admin).users.create({ email: "olga@bakery.test", role: "client", businessId: otherBusiness });
    otherClient = session("client", other.id, otherBusiness);
  });
  afterAll(async () => t?.destroy());
  beforeEach(() => {
    queued.length = 0;
    clock = new Date("2026-12-01T10:00:00Z");
  });

  type Line = { description: string; quantity: number; unitAmount: number; taxRateBp?: number };
  const draft = (lines: Line[] = [{ description: "Flyer design", quantity: 2, unitAmount: 12_500, taxRateBp: 2000 }]) =>
    as(admin).invoices.create({ businessId: DEMO_BUSINESS.id, dueAt: "2026-12-15", lines });

  /** The studio's billing details, which its mails and PDFs are signed with: saved by each test that reads them. */
  const studioDetails = {
    legalName: "Atelier Studio GmbH",
    address: "Hafenstrasse 1",
    postcode: "20457",
    city: "Hamburg",
    country: "DE",
    vatId: "DE 123 456 789",
    taxNumber: "",
    email: "rechnung@atelier-studio.example",
    iban: "DE89 3704 0044 0532 0130 00",
    bic: "COBADEFFXXX",
    paymentLink: "",
    logo: null,
    paymentTerms: "Payable within 14 days.",
    bankDetails: "Commerzbank Hamburg",
    reminderDays: null,
  };
  const saveStudioDetails = () => as(admin).invoices.saveBillingProfile(studioDetails);

  async function fetchPdf(url: string) {
    const handler = createInvoicePdfHandler({ db: t.db, secret: files.secret, now: () => clock });
    const id = decodeURIComponent(new URL(url).pathname.split("/")[3] ?? "");
    return handler(new Request(url), id);
  }

  describe("who reaches an invoice and its PDF", () => {
    it("gives the studio every invoice, the business's clients its sent ones, and everyone else NOT_FOUND", async () => {
      const { id } = await draft();
      // A draft is the studio's: its admins' and its designers'.
      for (const user of [admin, creative]) {
        expect(await codeOf(as(user).invoices.byId({ id })), user.id).toBe("OK");
        expect(await codeOf(as(user).invoices.pdfUrl({ id })), user.id).toBe("OK");
      }
      for (const user of [demoClient, otherClient]) {
        expect(await codeOf(as(user).invoices.byId({ id })), user.id).toBe("NOT_FOUND");
        expect(await codeOf(as(user).invoices.pdfUrl({ id })), user.id).toBe("NOT_FOUND");
      }
      await as(admin).invoices.send({ id });
      expect(await codeOf(as(demoClient).invoices.byId({ id }))).toBe("OK");
      expect(await codeOf(as(demoClient).invoices.pdfUrl({ id }))).toBe("OK");
      expect(await codeOf(as(creative).invoices.byId({ id }))).toBe("OK");
      for (const user of [otherClient]) {
        expect(await codeOf(as(user).invoices.byId({ id })), user.id).toBe("NOT_FOUND");
        expect(await codeOf(as(user).invoices.pdfUrl({ id })), user.id).toBe("NOT_FOUND");
      }
      expect((await as(demoClient).billing.invoices()).map((i) => i.id)).toContain(id);
      expect((await as(otherClient).billing.invoices()).map((i) => i.id)).not.toContain(id);
    });

    it("lists for a client exactly the invoices canSeeInvoice lets it see, whatever their status", async () => {
      // billing.invoices narrows in SQL to the client's business and the statuses isVisibleToClient allows.
      const sent = async () => {
        const { id } = await draft();
        await as(admin).invoices.send({ id });
        return id;
      };
      await draft();
      await sent();
      await as(admin).invoices.setStatus({ id: await sent(), status: "paid" });
      await as(admin).invoices.setStatus({ id: await sent(), status: "void" });
      await as(admin).invoices.creditNote({ id: await sent() });
      const every = await t.db.selectFrom("invoices").select(["id", "businessId", "status"]).execute();
      expect(new Set(every.map((i) => i.status))).toEqual(new Set(["draft", "sent", "paid", "void"]));
      for (const client of [demoClient, otherClient]) {
        const listed = (await as(client).billing.invoices()).map((i) => i.id).sort();
        expect(listed, client.id).toEqual(
          every
            .filter((invoice) => canSeeInvoice(client, invoice))
            .map((i) => i.id)
            .sort(),
        );
      }
    });

    it.each([
      ["send", { id: "x" }],
      ["setStatus", { id: "x", status: "sent" }],
      ["recordPayment", { id: "x", amount: 1, paidOn: "2026-12-01" }],
      ["creditNote", { id: "x" }],
      ["billingProfile", undefined],
      [
        "saveBillingProfile",
        { legalName: "", address: "", taxNumber: "", logo: null, paymentTerms: "", bankDetails: "", reminderDays: null },
      ],
      ["setBusinessCurrency", { businessId: DEMO_BUSINESS.id, currency: "EUR" }],
    ] as const)("refuses invoices.%s to clients and creatives, even on their own business", async (name, input) => {
      const { id } = await draft();
      expect(await codeOf(as(admin).invoices.byId({ id }))).toBe("OK");
      const withId = input && "id" in input ? { ...input, id } : input;
      for (const user of [demoClient, creative]) {
        // biome-ignore lint/suspicious/noExplicitAny: each procedure is reached by its name
        const procedure = (as(user).invoices as any)[name];
        expect(await codeOf(procedure(withId)), `${user.role} ${name}`).toBe("FORBIDDEN");
      }
    });

    it("lets a designer draft and edit an invoice that only an admin sends; a client drafts nothing", async () => {
      const lines = [{ description: "Flyer design", quantity: 1, unitAmount: 9_000 }];
      const { id } = await as(creative).invoices.create({ businessId: DEMO_BUSINESS.id, lines });
      await as(creative).invoices.update({ id, projectId: null, dueAt: "2026-12-20", notes: "Thanks", lines });
      expect((await as(creative).invoices.list({})).items.map((i) => i.id)).toContain(id);
      expect(await codeOf(as(creative).invoices.send({ id }))).toBe("FORBIDDEN");
      expect(await codeOf(as(creative).invoices.setStatus({ id, status: "sent" }))).toBe("FORBIDDEN");
      expect(queued).toEqual([]);
      expect((await as(admin).invoices.byId({ id })).status).toBe("draft");

      expect(await codeOf(as(demoClient).invoices.create({ businessId: DEMO_BUSINESS.id, lines }))).toBe("FORBIDDEN");
      expect(await codeOf(as(demoClient).invoices.update({ id, projectId: null, dueAt: null, notes: "", lines }))).toBe("FORBIDDEN");
      expect(await codeOf(as(demoClient).invoices.list({}))).toBe("FORBIDDEN");
      expect((await as(admin).invoices.byId({ id })).dueAt).toBe("2026-12-20");

      expect(await as(admin).invoices.send({ id })).toEqual({ id, status: "sent" });
    });

    it("answers the PDF to a signed link only: not to another invoice's link, a forged one, or an expired one", async () => {
      const { id, number } = await draft();
      const other = await draft();
      await as(admin).invoices.send({ id });
      const { url } = await as(demoClient).invoices.pdfUrl({ id });
      const res = await fetchPdf(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toContain(`${number}.pdf`);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");

      const token = new URL(url).searchParams.get("token") ?? "";
      expect((await fetchPdf(`http://127.0.0.1:3000/api/invoices/${other.id}/pdf?token=${token}`)).status).toBe(404);
      expect((await fetchPdf(`http://127.0.0.1:3000/api/invoices/${id}/pdf?token=${token.slice(0, -2)}xx`)).status).toBe(404);
      expect((await fetchPdf(`http://127.0.0.1:3000/api/invoices/${id}/pdf`)).status).toBe(404);
      clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
      expect((await fetchPdf(url)).status).toBe(404);
    });
  });

  it("numbers 20 invoices created at once 1 to 20 after the last, with no gap and no repeat", async () => {
    const before = await draft();
    const last = Number(before.number.slice(-4));
    const made = await Promise.all(Array.from({ length: 20 }, () => draft()));
    const sequences = made.map((m) => Number(m.number.slice(-4))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => last + 1 + i));
    expect(made.every((m) => m.number.startsWith("INV-2026-"))).toBe(true);
    // A new year starts again at 1; credit notes count in their own series.
    clock = new Date("2027-01-01T00:00:00Z");
    expect((await draft()).number).toBe("INV-2027-0001");
  });

  it("sends a draft with its PDF to the business's clients, in the transaction that marks it sent", async () => {
    await saveStudioDetails();
    const { id, number } = await as(admin).invoices.create({
      businessId: DEMO_BUSINESS.id,
      dueAt: "2026-12-15",
      lines: [
        { description: "Flyer design", quantity: 2, unitAmount: 12_500, taxRateBp: 2000 },
        { description: "Print-ready files", quantity: 1, unitAmount: 4_000, discountBp: 1000, taxRateBp: 2000 },
      ],
    });
    expect(await as(admin).invoices.send({ id })).toEqual({ id, status: "sent" });
    const clients = DEMO_USERS.filter((u) => u.role === "client").map((u) => u.email);
    expect(queued.map((m) => m.to).sort()).toEqual(clients.sort());
    const [sent] = queued;
    expect(sent?.subject).toBe(`Invoice ${number} from Atelier Studio GmbH`);
    expect(sent?.text).toContain("$343.20");
    expect(sent?.text).toContain("Dec 15, 2026");
    expect(sent?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([[`${number}.pdf`, "application/pdf"]]);

    const text = await pdfText(Buffer.from(sent?.attachments?.[0]?.base64 ?? "", "base64"));
    for (const expected of [
      number,
      DEMO_BUSINESS.name,
      "Flyer design",
      "Print-ready files",
      "$250.00",
      "$36.00",
      "VAT 20% on $286.00",
      "$57.20",
      "$343.20",
      "Dec 15, 2026",
      "Atelier Studio GmbH",
      "Hafenstrasse 1",
      "20457 Hamburg",
      "Germany",
      "VAT ID: DE123456789",
      "Payable within 14 days.",
      "IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX",
      "Commerzbank Hamburg",
    ]) {
      expect(text, expected).toContain(expected);
    }

    // Sent is final for the content: a second send, or an edit, is refused.
    expect(await codeOf(as(admin).invoices.send({ id }))).toBe("PRECONDITION_FAILED");
    const edit = { id, projectId: null, dueAt: null, notes: "", lines: [{ description: "Other", quantity: 1, unitAmount: 1 }] };
    expect(await codeOf(as(admin).invoices.update(edit))).toBe("PRECONDITION_FAILED");
  });

  it("prints the project's title and the lines exactly as typed, accents, dashes and CJK letters included", async () => {
    const title = "Café — Ünïcode 東京 1/2 (re-order) </script>";
    const project = await as(demoClient).projects.create({ title, event: "print" });
    const { id } = await as(admin).invoices.create({
      businessId: DEMO_BUSINESS.id,
      projectId: project.id,
      lines: [{ description: title, quantity: 1, unitAmount: 100, projectId: project.id }],
    });
    expect((await as(admin).invoices.byId({ id })).projectTitle).toBe(title);
    const response = await fetchPdf((await as(admin).invoices.pdfUrl({ id })).url);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(`Project: ${title}`);
    // The line's narrow column wraps the title where a line may break.
    const unwrapped = (s: string) => s.replace(/\s+/g, "");
    expect(unwrapped(text).split(unwrapped(title)).length - 1, "on the project line and the invoice line").toBe(2);
  });

  it("sends no invoice while the studio's legal details are incomplete, naming what is missing", async () => {
    await as(admin).invoices.saveBillingProfile({ ...studioDetails, country: "", iban: "", vatId: "", taxNumber: "" });
    const { id } = await draft();
    const refused = await as(admin)
      .invoices.send({ id })
      .then(
        () => null,
        (error: TRPCError) => error,
      );
    expect(refused?.code).toBe("PRECONDITION_FAILED");
    expect(refused?.message).toBe(
      "An invoice is a legal document: add the studio's country, VAT or tax ID and bank details (IBAN) or payment link on Billing before sending it.",
    );
    expect((await as(admin).invoices.byId({ id })).status).toBe("draft");
    expect(queued).toEqual([]);
    // Through the status too; and a payment link is a way to be paid as well as an IBAN.
    expect(await codeOf(as(admin).invoices.setStatus({ id, status: "sent" }))).toBe("PRECONDITION_FAILED");
    await as(admin).invoices.saveBillingProfile({ ...studioDetails, iban: "", paymentLink: "https://pay.example.com/atelier" });
    expect(await as(admin).invoices.send({ id })).toEqual({ id, status: "sent" });
    // The payment link is a button of the mail, beside the invoice's own, and a link on its PDF.
    const [sent] = queued;
    expect(sent?.text).toContain("Pay online: https://pay.example.com/atelier");
    expect(sent?.html).toMatch(/<a href="https:\/\/pay\.example\.com\/atelier"[^>]*>Pay online<\/a>/);
    const text = await pdfText(Buffer.from(sent?.attachments?.[0]?.base64 ?? "", "base64"));
    expect(text).toContain("Pay online: https://pay.example.com/atelier");
  });

  it("keeps the legal details as typed, an IBAN compact, and refuses one whose check digits are wrong", async () => {
    const saved = await as(admin).invoices.saveBillingProfile(studioDetails);
    expect(saved).toMatchObject({ country: "DE", vatId: "DE123456789", iban: "DE89370400440532013000", bic: "COBADEFFXXX" });
    expect(await codeOf(as(admin).invoices.saveBillingProfile({ ...studioDetails, iban: "DE89 3704 0044 0532 0130 01" }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(as(admin).invoices.saveBillingProfile({ ...studioDetails, country: "Germany" }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(admin).invoices.saveBillingProfile({ ...studioDetails, paymentLink: "javascript:alert(1)" }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(as(creative).invoices.saveBillingProfile(studioDetails))).toBe("FORBIDDEN");
    expect(await as(admin).invoices.billingProfile()).toMatchObject({ iban: "DE89370400440532013000" });
  });

  it("prints an EPC QR code of the balance due on an invoice in euros, which a banking app reads back", async () => {
    await saveStudioDetails();
    const business = await as(admin).businesses.create({ name: "Brasserie Bruxelles" });
    await as(admin).invoices.setBusinessCurrency({ businessId: business.id, currency: "EUR" });
    // Its legal details as the buyer: an admin's to set, printed under BILL TO.
    const legal = {
      legalName: "Brasserie Bruxelles SRL",
      address: "Grand-Place 1",
      postcode: "1000",
      city: "Brussels",
      country: "BE",
      vatId: "be 0403.170.701",
      buyerReference: "PO-42",
    };
    expect(await codeOf(as(creative).businesses.update({ id: business.id, legal }))).toBe("FORBIDDEN");
    expect(await codeOf(as(admin).businesses.update({ id: business.id, legal: { ...legal, country: "Belgium" } }))).toBe("BAD_REQUEST");
    await as(admin).businesses.update({ id: business.id, legal });
    expect((await as(admin).businesses.byId({ id: business.id })).billing?.legal).toEqual({ ...legal, vatId: "BE0403170701" });
    const { id, number } = await as(admin).invoices.create({
      businessId: business.id,
      lines: [{ description: "Menu design", quantity: 1, unitAmount: 102_000, taxRateBp: 2100 }],
    });
    const pdf = new Uint8Array(await (await fetchPdf((await as(admin).invoices.pdfUrl({ id })).url)).arrayBuffer());
    const [payload] = await qrCodesIn(pdf);
    expect(payload?.split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "COBADEFFXXX",
      "Atelier Studio GmbH",
      "DE89370400440532013000",
      // 1,020.00 + 21 % VAT
      "EUR1234.20",
      "",
      "",
      `Invoice ${number}`,
    ]);
    const text = await pdfText(pdf);
    expect(text).toContain("Scan to pay by bank transfer");
    expect(text).toContain(
      "BILL TO\nBrasserie Bruxelles SRL\nGrand-Place 1\n1000 Brussels\nBelgium\nVAT ID: BE0403170701\nYour reference: PO-42",
    );
    // Not in dollars: no SEPA transfer to offer.
    const { id: usd } = await draft();
    expect(
      await qrCodesIn(new Uint8Array(await (await fetchPdf((await as(admin).invoices.pdfUrl({ id: usd })).url)).arrayBuffer())),
    ).toEqual([]);
  });

  it("prints Polish, Greek, Cyrillic and Japanese exactly as typed, and an emoji visibly", async () => {
    const typed = "Łódź Café — Ελληνικά — Москва — 東京";
    const business = await as(admin).businesses.create({ name: typed });
    const { id } = await as(admin).invoices.create({
      businessId: business.id,
      lines: [
        { description: `Menu for ${typed}`, quantity: 1, unitAmount: 100 },
        { description: "Palette 🎨 and ✓, Ünïcode ℗", quantity: 1, unitAmount: 100 },
      ],
    });
    const pdf = new Uint8Array(await (await fetchPdf((await as(admin).invoices.pdfUrl({ id })).url)).arrayBuffer());
    const text = await pdfText(pdf);
    // Each in its own script's font, as typed: on the bill-to line, which is wide enough to hold them on one line.
    for (const word of ["Łódź Café", "Ελληνικά", "Москва", "東京", typed]) expect(text, word).toContain(word);
    // In the line's narrow column, wrapped within it; the emoji drawn, no letter lost or replaced.
    const unwrapped = (t: string) => t.replace(/\s+/g, "");
    expect(unwrapped(text)).toContain(unwrapped(`Menu for ${typed}`));
    expect(text).toContain("Palette 🎨 and ✓, Ünïcode ℗");
    // A glyph a font lacks comes out of the text as NUL (.notdef), U+FFFD or the □ printed for it.
    for (const lost of ["\0", "\ufffd", "□"]) expect(text).not.toContain(lost);
    await writeFile(join(ARTIFACTS, "invoice-scripts.pdf"), pdf);
  });

  it("prints Arabic and Hebrew right to left, shaped, with numbers and Latin words in their own order", async () => {
    const name = "مقهى النخيل";
    const business = await as(admin).businesses.create({ name });
    const lines = [
      "تصميم قائمة الطعام 2026 (A5)",
      "עיצוב לוגו — Logo",
      // Long enough to wrap in its column: its lines in reading order, the first first.
      "تصميم ملصق كبير للمقهى مع ثلاث جولات من التعديلات وطباعة تجريبية",
      // A word wider than the column, beside Arabic: cut within the column, not run into the next.
      `شعار ${"x".repeat(120)}`,
    ];
    const { id } = await as(admin).invoices.create({
      businessId: business.id,
      lines: lines.map((description) => ({ description, quantity: 1, unitAmount: 100 })),
    });
    const pdf = new Uint8Array(await (await fetchPdf((await as(admin).invoices.pdfUrl({ id })).url)).arrayBuffer());
    const text = await pdfText(pdf);
    await writeFile(join(ARTIFACTS, "invoice-right-to-left.pdf"), pdf);
    // pdf.js reads an Arabic line back as typed, and a line mixing directions as it is seen, left to right: the
    // number and the Latin words (their own order kept, brackets the right way round) left of the right-to-left words.
    expect(text).toContain(`BILL TO\n${name}\nDescription`);
    expect(text).toContain("(A5) 2026 تصميم قائمة الطعام 1 $1.00");
    expect(text).toContain("Logo — עיצוב לוגו 1 $1.00");
    // Wrapped in its column, its lines in reading order: the first words on the first line. (pdf.js reads the
    // letters of a ligature such as lam-alef back turned, so words without one are compared.)
    const wrappedAt = text.indexOf("تصميم ملصق");
    expect(wrappedAt).toBeGreaterThan(-1);
    expect(text.indexOf("للمقهى مع", wrappedAt)).toBeGreaterThan(wrappedAt);
    expect(text.indexOf("\n", wrappedAt)).toBeLessThan(text.indexOf("وطباعة تجريبية\n1 $1.00", wrappedAt));
    for (const lost of ["\0", "\ufffd", "□"]) expect(text).not.toContain(lost);
    // The description column ends 330 points left of the right margin: no letter of the long word goes past it.
    const doc = await getDocument({ data: pdf.slice() }).promise;
    try {
      const page = await doc.getPage(1);
      const columnEnd = (page.view[2] ?? 0) - 50 - 330;
      const items = (await page.getTextContent()).items.flatMap((item) => ("str" in item && item.str.includes("xxx") ? [item] : []));
      expect(items.length).toBeGreaterThan(1);
      for (const item of items) expect(item.transform[4] + item.width).toBeLessThanOrEqual(columnEnd + 0.5);
    } finally {
      await doc.destroy();
    }
  });

  it("sends nothing and keeps the draft when the business has no client to send it to", async () => {
    const { id } = await as(admin).invoices.create({
      businessId: (await as(admin).businesses.create({ name: "Nobody Inc" })).id,
      lines: [{ description: "Logo", quantity: 1, unitAmount: 100 }],
    });
    expect(await codeOf(as(admin).invoices.send({ id }))).toBe("PRECONDITION_FAILED");
    expect((await as(admin).invoices.byId({ id })).status).toBe("draft");
    expect(queued).toEqual([]);
  });

  it("lets an admin edit a draft's lines, with lines from the business's projects only", async () => {
    const { id } = await draft();
    const project = await as(demoClient).projects.create({ title: "Winter menu", event: "print" });
    const foreign = await as(otherClient).projects.create({ title: "Bread", event: "print" });
    const lines = [
      { description: "Winter menu", quantity: 1, unitAmount: 30_000, projectId: project.id, taxRateBp: 700 },
      { description: "Rush fee", quantity: 1, unitAmount: 5_000 },
    ];
    await as(admin).invoices.update({ id, projectId: project.id, dueAt: "2026-12-31", notes: "Thanks", lines });
    const updated = await as(admin).invoices.byId({ id });
    expect(updated.lines.map((l) => [l.description, l.projectId])).toEqual([
      ["Winter menu", project.id],
      ["Rush fee", null],
    ]);
    expect(updated.totals.total).toBe(30_000 + 2_100 + 5_000);
    const foreignLine = [{ ...lines[0]!, projectId: foreign.id }];
    expect(await codeOf(as(admin).invoices.update({ id, projectId: null, dueAt: null, notes: "", lines: foreignLine }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("records partial payments, shows the balance, and marks the invoice paid when it is settled", async () => {
    const { id } = await draft([{ description: "Poster", quantity: 1, unitAmount: 10_000 }]);
    expect(await codeOf(as(admin).invoices.recordPayment({ id, amount: 100, paidOn: "2026-12-02" }))).toBe("PRECONDITION_FAILED");
    await as(admin).invoices.send({ id });
    expect(await as(admin).invoices.recordPayment({ id, amount: 2_500, paidOn: "2026-12-02" })).toEqual({ id, status: "sent" });
    expect((await as(demoClient).invoices.byId({ id })).balance).toBe(7_500);
    expect(await codeOf(as(admin).invoices.recordPayment({ id, amount: 7_501, paidOn: "2026-12-03" }))).toBe("PRECONDITION_FAILED");
    // Mark paid records what is left, paid today.
    clock = new Date("2026-12-05T10:00:00Z");
    await as(admin).invoices.setStatus({ id, status: "paid" });
    const paid = await as(admin).invoices.byId({ id });
    expect(paid).toMatchObject({ status: "paid", paid: 10_000, balance: 0 });
    expect(paid.payments.map((p) => [p.amount, p.paidOn])).toEqual([
      [2_500, "2026-12-02"],
      [7_500, "2026-12-05"],
    ]);
  });

  it("corrects a sent invoice with a credit note, never crediting more than it bills", async () => {
    await saveStudioDetails();
    const { id, number } = await draft([
      { description: "Poster", quantity: 1, unitAmount: 10_000 },
      { description: "Banner", quantity: 1, unitAmount: 5_000 },
    ]);
    expect(await codeOf(as(admin).invoices.creditNote({ id }))).toBe("PRECONDITION_FAILED");
    await as(admin).invoices.send({ id });
    const credit = await as(admin).invoices.creditNote({ id });
    expect(credit.number).toMatch(/^CN-2026-\d{4}$/);
    const creditDraft = await as(admin).invoices.byId({ id: credit.id });
    expect(creditDraft).toMatchObject({ kind: "credit_note", creditFor: id, creditForNumber: number, status: "draft" });
    expect(creditDraft.totals.total).toBe(-15_000);
    // Credit only the banner, then send.
    await as(admin).invoices.update({
      id: credit.id,
      projectId: null,
      dueAt: null,
      notes: "Banner dropped",
      lines: [{ description: "Banner", quantity: 1, unitAmount: 5_000 }],
    });
    queued.length = 0;
    await as(admin).invoices.send({ id: credit.id });
    expect(queued[0]?.subject).toBe(`Credit note ${credit.number} from Atelier Studio GmbH`);
    expect(await pdfText(Buffer.from(queued[0]?.attachments?.[0]?.base64 ?? "", "base64"))).toContain(`Corrects: ${number}`);
    expect(await as(demoClient).invoices.byId({ id })).toMatchObject({ credited: -5_000, balance: 10_000 });
    // A second credit note for more than what is left is refused when sent.
    const second = await as(admin).invoices.creditNote({ id });
    expect(await codeOf(as(admin).invoices.send({ id: second.id }))).toBe("PRECONDITION_FAILED");
    expect((await as(admin).invoices.byId({ id: second.id })).status).toBe("draft");
  });

  it("reminds an overdue invoice once, on the schedule the admin sets", async () => {
    const profile = await as(admin).invoices.billingProfile();
    const { id, number } = await draft([{ description: "Poster", quantity: 1, unitAmount: 10_000 }]);
    await as(admin).invoices.send({ id });
    const pass = (at: string) => {
      queued.length = 0;
      return remindOverdueInvoices(t.db, { outbox, appUrl: mail.appUrl, now: new Date(at) });
    };
    // No schedule: no reminders.
    await as(admin).invoices.saveBillingProfile({ ...profile, reminderDays: null });
    expect(await pass("2027-02-01T00:00:00Z")).toBe(0);
    await as(admin).invoices.saveBillingProfile({ ...profile, reminderDays: 3 });
    // Due Dec 15: reminded from Dec 19 on, once.
    expect(await pass("2026-12-18T23:00:00Z")).toBe(0);
    const reminded = await pass("2026-12-19T08:00:00Z");
    expect(reminded).toBeGreaterThanOrEqual(1);
    const ours = queued.filter((m) => m.subject === `Reminder: invoice ${number} is overdue`);
    expect(ours.map((m) => m.to)).toEqual(DEMO_USERS.filter((u) => u.role === "client").map((u) => u.email));
    expect(ours[0]?.text).toContain("$100.00 is still open");
    expect(await pass("2026-12-20T08:00:00Z")).toBe(0);
  });
});
