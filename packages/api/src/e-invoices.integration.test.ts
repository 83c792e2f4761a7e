// E-invoices through the API on PostgreSQL: VAT categories on lines, sending refused while the buyer's legal details
// are missing, the Factur-X PDF with its factur-x.xml, and the CII and UBL XML behind invoices.xmlUrl, each validated
// with the official EN 16931 rules; a client reaches only its own business's.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { createFsStore } from "@atelier/storage";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { createInvoicePdfHandler, createInvoiceXmlHandler } from "./invoice-documents";
import { codeOf } from "./testing/code-of";
import { sessionOf } from "./testing/sessions";
import { failedAsserts } from "./testing/validate-e-invoice";

/** The files embedded in a PDF, by name. */
async function embeddedFiles(pdf: Uint8Array): Promise<Record<string, string>> {
  const doc = await getDocument({ data: pdf.slice() }).promise;
  try {
    const attachments = ((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    return Object.fromEntries(Object.values(attachments).map((a) => [a.filename, new TextDecoder().decode(a.content)]));
  } finally {
    await doc.destroy();
  }
}

describe("EN 16931 e-invoices through the API", () => {
  let t: TestDatabase;
  const now = new Date("2026-12-01T10:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-einvoices-")) }),
    secret: "e".repeat(32),
    balancerUrl: "",
  };
  const outbox = {
    enqueue: async (_db: unknown, mails: readonly unknown[]) => mails.map(() => "id"),
    gather: async () => {},
    kick: () => {},
  };
  const mail = { outbox, appUrl: "http://127.0.0.1:3000", digestWindowMs: 0, signInLink: async () => "" };
  const admin = sessionOf(DEMO_USERS[0], null);
  const client = sessionOf(DEMO_USERS[2], DEMO_BUSINESS.id);
  let stranger = client;
  let bare = "";
  const as = (user: typeof admin) => createCaller({ db: t.db, user, now: () => now, files, mail });
  const fetchWith = async (handler: (req: Request, id: string) => Promise<Response>, url: string) =>
    handler(new Request(url), decodeURIComponent(new URL(url).pathname.split("/")[3] ?? ""));

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    bare = (await as(admin).businesses.create({ name: "Bare Bistro" })).id;
    await as(admin).users.create({ email: "bo@bistro.test", role: "client", businessId: bare });
    const other = await as(admin).users.create({ email: "olga@bakery.test", role: "client", businessId: bare });
    stranger = sessionOf({ ...other, name: "Olga", role: "client" }, bare);
  });
  afterAll(async () => t?.destroy());

  it("refuses a VAT category its rate contradicts, and keeps each line's category", async () => {
    const line = { description: "Brand guidelines", quantity: 1, unitAmount: 240_000 };
    const refused = as(admin).invoices.create({
      businessId: DEMO_BUSINESS.id,
      lines: [{ ...line, taxRateBp: 2100, taxCategory: "reverse_charge" }],
    });
    expect(await codeOf(refused)).toBe("BAD_REQUEST");
    expect(await codeOf(as(admin).invoices.create({ businessId: DEMO_BUSINESS.id, lines: [{ ...line, taxCategory: "standard" }] }))).toBe(
      "BAD_REQUEST",
    );
    const { id } = await as(admin).invoices.create({
      businessId: DEMO_BUSINESS.id,
      lines: [
        { ...line, taxRateBp: 2100 },
        { ...line, description: "Training", taxCategory: "exempt" },
        { ...line, description: "Sample", unitAmount: 1_000 },
      ],
    });
    const invoice = await as(admin).invoices.byId({ id });
    expect(invoice.lines.map((l) => l.taxCategory)).toEqual(["standard", "exempt", "zero"]);
    expect(invoice.totals.taxes.map((g) => [g.category, g.net, g.tax])).toEqual([
      ["standard", 240_000, 50_400],
      ["zero", 1_000, 0],
      ["exempt", 240_000, 0],
    ]);
  });

  it("refuses to send while the buyer's address and country, or its VAT ID for a reverse charge, are missing", async () => {
    const { id } = await as(admin).invoices.create({
      businessId: bare,
      lines: [{ description: "Menu", quantity: 1, unitAmount: 9_000, taxRateBp: 2100 }],
    });
    const refusal = await as(admin)
      .invoices.send({ id })
      .catch((e: Error & { code?: string }) => e);
    expect(refusal).toMatchObject({ code: "PRECONDITION_FAILED" });
    expect((refusal as Error).message).toBe(
      "An invoice is a legal document: add Bare Bistro's address and country on its business page before sending it.",
    );
    expect(await codeOf(as(admin).invoices.xmlUrl({ id, syntax: "cii" }))).toBe("PRECONDITION_FAILED");
    await as(admin).businesses.update({
      id: bare,
      legal: { legalName: "", address: "Rue Neuve 3", postcode: "1000", city: "Brussels", country: "BE", vatId: "", buyerReference: "" },
    });
    const reverse = await as(admin).invoices.create({
      businessId: bare,
      lines: [{ description: "Menu", quantity: 1, unitAmount: 9_000, taxCategory: "reverse_charge" }],
    });
    await expect(as(admin).invoices.send({ id: reverse.id })).rejects.toThrow(
      "add Bare Bistro's VAT ID (a reverse charge invoice needs it) on its business page",
    );
    await as(admin).invoices.send({ id });
    expect((await as(admin).invoices.byId({ id })).status).toBe("sent");
  });

  it("answers a Factur-X PDF carrying factur-x.xml, and the CII and UBL XML, each valid EN 16931", async () => {
    const { id, number } = await as(admin).invoices.create({
      businessId: DEMO_BUSINESS.id,
      dueAt: "2026-12-31",
      lines: [
        { description: "Poster, A2", quantity: 3, unitAmount: 33_333, discountBp: 1250, taxRateBp: 2100 },
        { description: "Printed leaflets", quantity: 2, unitAmount: 10_525, taxRateBp: 600 },
        { description: "Workshop (exempt)", quantity: 1, unitAmount: 30_000, taxCategory: "exempt" },
      ],
    });
    await as(admin).invoices.send({ id });

    const pdf = await fetchWith(
      createInvoicePdfHandler({ db: t.db, secret: files.secret, now: () => now }),
      (await as(client).invoices.pdfUrl({ id })).url,
    );
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    // Kept to be looked at: the VAT breakdown per category and the exemption's note.
    const artifacts = new URL("../test-results/", import.meta.url).pathname;
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, "factur-x.pdf"), bytes);
    const raw = new TextDecoder("latin1").decode(bytes);
    // PDF/A-3, conformance B, named in its XMP metadata; the XML as its Alternative representation.
    expect(raw).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(raw).toMatch(/\/AFRelationship\s*\/Alternative/);
    const embedded = await embeddedFiles(bytes);
    expect(Object.keys(embedded)).toEqual(["factur-x.xml"]);
    const facturX = embedded["factur-x.xml"] ?? "";
    expect(facturX).toContain(`<ram:ID>${number}</ram:ID>`);
    expect(failedAsserts(facturX, "cii").filter((f) => f.flag === "fatal")).toEqual([]);

    const xmlHandler = createInvoiceXmlHandler({ db: t.db, secret: files.secret, now: () => now });
    for (const syntax of ["cii", "ubl"] as const) {
      const response = await fetchWith(xmlHandler, (await as(client).invoices.xmlUrl({ id, syntax })).url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const xml = await response.text();
      expect(
        failedAsserts(xml, syntax).filter((f) => f.flag === "fatal"),
        syntax,
      ).toEqual([]);
      // 21 % on (999.99 − 125.00), 6 % on 210.50 rounded on the category's sum, the exempt line's reason.
      expect(xml).toContain("183.75");
      expect(xml).toContain("12.63");
      expect(xml).toContain("Exempt from VAT.");
    }
    // A link for one syntax does not open the other, nor another invoice.
    const ciiUrl = new URL((await as(client).invoices.xmlUrl({ id, syntax: "cii" })).url);
    ciiUrl.searchParams.set("syntax", "ubl");
    expect((await fetchWith(xmlHandler, ciiUrl.href)).status).toBe(404);
  });

  it("answers an XRechnung for a buyer with a buyer reference, refused while the studio gives no telephone", async () => {
    const agency = (await as(admin).businesses.create({ name: "Stadtwerke Kiel" })).id;
    await as(admin).users.create({ email: "einkauf@stadtwerke.test", role: "client", businessId: agency });
    await as(admin).businesses.update({
      id: agency,
      legal: {
        legalName: "",
        address: "Uhlenkrog 32",
        postcode: "24113",
        city: "Kiel",
        country: "DE",
        vatId: "",
        buyerReference: "991-01234-56",
      },
    });
    const { id } = await as(admin).invoices.create({
      businessId: agency,
      lines: [{ description: "Annual report", quantity: 1, unitAmount: 480_000, taxRateBp: 2100 }],
    });
    await as(admin).invoices.send({ id });
    const xml = await (
      await fetchWith(
        createInvoiceXmlHandler({ db: t.db, secret: files.secret, now: () => now }),
        (
          await as(admin).invoices.xmlUrl({ id, syntax: "ubl" })
        ).url,
      )
    ).text();
    expect(xml).toContain("xrechnung_3.0");
    expect(xml).toContain("<cbc:BuyerReference>991-01234-56</cbc:BuyerReference>");
    expect(failedAsserts(xml, "ubl").filter((f) => f.flag === "fatal")).toEqual([]);
    const profile = await as(admin).invoices.billingProfile();
    await as(admin).invoices.saveBillingProfile({ ...profile, telephone: "" });
    try {
      await expect(as(admin).invoices.xmlUrl({ id, syntax: "cii" })).rejects.toThrow(
        "which names the studio's telephone: add it on Billing",
      );
      // Without an invoicing e-mail the studio is reached at its first admin's address.
      expect(xml).toContain('<cbc:EndpointID schemeID="EM">billing@atelier.local</cbc:EndpointID>');
      await as(admin).invoices.saveBillingProfile({ ...profile, email: "" });
      const url = (await as(admin).invoices.xmlUrl({ id, syntax: "ubl" })).url;
      const fallback = await (await fetchWith(createInvoiceXmlHandler({ db: t.db, secret: files.secret, now: () => now }), url)).text();
      expect(fallback).toContain('<cbc:EndpointID schemeID="EM">admin@atelier.local</cbc:EndpointID>');
    } finally {
      await as(admin).invoices.saveBillingProfile(profile);
    }
  });

  it("answers NOT_FOUND to a client of another business, whatever it asks for", async () => {
    const { id } = await as(admin).invoices.create({
      businessId: DEMO_BUSINESS.id,
      lines: [{ description: "Logo", quantity: 1, unitAmount: 120_000, taxRateBp: 2100 }],
    });
    // A draft is the studio's alone.
    expect(await codeOf(as(client).invoices.xmlUrl({ id, syntax: "ubl" }))).toBe("NOT_FOUND");
    await as(admin).invoices.send({ id });
    for (const syntax of ["cii", "ubl"] as const) expect(await codeOf(as(stranger).invoices.xmlUrl({ id, syntax }))).toBe("NOT_FOUND");
    expect(await codeOf(as(client).invoices.xmlUrl({ id, syntax: "pdf" as "cii" }))).toBe("BAD_REQUEST");
  });
});
