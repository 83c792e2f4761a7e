// Every kind of invoice the studio makes, written as EN 16931 XML in both syntaxes and validated with the official
// rules (testing/validate-e-invoice.ts): none may break a rule of flag "fatal".
import type { BillingProfile, InvoiceDocument } from "@atelier/db";
import { describe, expect, it } from "vitest";
import { eInvoiceData, renderInvoiceXml } from "./e-invoice";
import { failedAsserts } from "./testing/validate-e-invoice";

const studio: BillingProfile = {
  legalName: "Atelier Studio GmbH",
  address: "Torstraße 1",
  postcode: "10119",
  city: "Berlin",
  country: "DE",
  vatId: "DE123456789",
  email: "rechnung@atelier.example",
  telephone: "+49 30 1234567",
  taxNumber: "",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  paymentLink: "",
  paymentTerms: "Payable within 14 days.",
  bankDetails: "",
  logo: null,
  reminderDays: null,
  updatedAt: new Date("2026-11-01T00:00:00Z"),
} as BillingProfile;

const buyer = {
  legalName: "Acme SA",
  address: "Rue Haute 1",
  postcode: "1000",
  city: "Brussels",
  country: "BE",
  vatId: "",
  buyerReference: "",
};

type Line = InvoiceDocument["lines"][number];
const line = (l: Partial<Line> & Pick<Line, "description" | "unitAmount">): Line => ({
  quantity: 1,
  discountBp: 0,
  taxRateBp: 1900,
  taxCategory: "standard",
  projectId: null,
  ...l,
});

function invoice(overrides: Partial<InvoiceDocument>): InvoiceDocument {
  return {
    id: "inv-1",
    number: "INV-2026-0007",
    businessId: "b-1",
    projectId: null,
    status: "sent",
    currency: "EUR",
    dueAt: "2026-12-15",
    notes: null,
    sentAt: new Date("2026-12-01T09:00:00Z"),
    paidAt: null,
    createdBy: null,
    createdAt: new Date("2026-11-30T09:00:00Z"),
    kind: "invoice",
    creditFor: null,
    remindedAt: null,
    businessName: "Acme",
    projectTitle: null,
    creditForNumber: null,
    buyer,
    lines: [line({ description: "Flyer design, A5, two rounds", unitAmount: 35_000 })],
    payments: [],
    creditNotes: [],
    ...overrides,
  } as InvoiceDocument;
}

const KINDS: [string, InvoiceDocument][] = [
  [
    "domestic, two rates",
    invoice({
      buyer: { ...buyer, country: "DE", city: "Hamburg", postcode: "20095", address: "Jungfernstieg 2" },
      lines: [
        line({ description: "Logo", unitAmount: 120_000 }),
        // 7 % on 105.25 + 105.25: rounded once on 210.50 (14.735 -> 14.74), not per line (7.37 + 7.37 = 14.74 here too).
        line({ description: "Printed brochure", quantity: 2, unitAmount: 10_525, taxRateBp: 700 }),
      ],
    }),
  ],
  [
    "reverse charge to another EU business",
    invoice({
      buyer: { ...buyer, vatId: "BE0123456749" },
      lines: [line({ description: "Brand guidelines", unitAmount: 240_000, taxRateBp: 0, taxCategory: "reverse_charge" })],
    }),
  ],
  [
    "an exempt line beside a taxed one",
    invoice({
      lines: [
        line({ description: "Workshop", unitAmount: 50_000 }),
        line({ description: "Training (exempt)", unitAmount: 30_000, taxRateBp: 0, taxCategory: "exempt" }),
      ],
    }),
  ],
  [
    "line discounts",
    invoice({
      lines: [
        line({ description: "Poster", quantity: 3, unitAmount: 33_333, discountBp: 1250 }),
        line({ description: "Flyer", unitAmount: 999, discountBp: 10_000 }),
      ],
    }),
  ],
  [
    "a credit note against an invoice",
    invoice({
      kind: "credit_note",
      number: "CN-2026-0002",
      creditFor: "inv-0",
      creditForNumber: "INV-2026-0005",
      dueAt: null,
      lines: [line({ description: "Refund of the second round", unitAmount: 6_000 })],
    }),
  ],
  [
    "a foreign currency, a zero-rated line, no bank account but a payment link",
    invoice({
      currency: "USD",
      dueAt: null,
      buyer: { ...buyer, country: "US", city: "Springfield", postcode: "62701", address: "1 Main St" },
      lines: [
        line({ description: "Packaging design", unitAmount: 410_050, taxRateBp: 0, taxCategory: "zero" }),
        line({ description: 'Łódź Café — Ελληνικά — Москва — 東京 — <&> "quoted"', unitAmount: 1_000, taxRateBp: 0, taxCategory: "zero" }),
      ],
    }),
  ],
  [
    "an intra-community supply, in yen, with a buyer reference",
    invoice({
      currency: "JPY",
      buyer: { ...buyer, vatId: "BE0123456749", buyerReference: "04011000-12345-03" },
      lines: [line({ description: "Printed catalogues", quantity: 500, unitAmount: 1_234, taxRateBp: 0, taxCategory: "intra_community" })],
    }),
  ],
];
const parties = { sellerEmail: "rechnung@atelier.example", buyerEmail: "accounts@acme.example" };
const noAccount = { ...studio, iban: "", bic: "", paymentLink: "https://pay.example.com/atelier", paymentTerms: "" };

describe("EN 16931 e-invoices, validated with the official rules", () => {
  for (const syntax of ["cii", "ubl"] as const) {
    it.each(KINDS)(`${syntax.toUpperCase()}: %s breaks no fatal rule`, async (name, document) => {
      const seller = name.startsWith("a foreign currency") ? noAccount : studio;
      const xml = await renderInvoiceXml(document, seller, parties, syntax);
      const fatal = failedAsserts(xml, syntax).filter((f) => f.flag === "fatal");
      expect(fatal).toEqual([]);
      expect(xml).toContain(document.number);
    });
  }

  it("fails the validation when a rule is broken on purpose: no currency (BR-05)", async () => {
    const xml = await renderInvoiceXml(KINDS[0]![1], studio, parties, "cii");
    const broken = xml.replace(/<ram:InvoiceCurrencyCode>EUR<\/ram:InvoiceCurrencyCode>/, "");
    expect(broken).not.toBe(xml);
    expect(
      failedAsserts(broken, "cii")
        .filter((f) => f.flag === "fatal")
        .map((f) => f.id),
    ).toContain("BR-05");
  });

  it("writes the tax once per category, rounded on its sum, and the legal notes as exemption reasons", async () => {
    const mixed = invoice({
      buyer: { ...buyer, vatId: "BE0123456749" },
      lines: [
        line({ description: "A", unitAmount: 10_525, taxRateBp: 700 }),
        line({ description: "B", unitAmount: 10_525, taxRateBp: 700 }),
        line({ description: "C", unitAmount: 1_000, taxRateBp: 0, taxCategory: "reverse_charge" }),
      ],
    });
    const data = eInvoiceData(mixed, studio, parties)["ubl:Invoice"];
    expect(data["cac:TaxTotal"][0]["cbc:TaxAmount"]).toBe("14.74");
    const groups = data["cac:TaxTotal"][0]["cac:TaxSubtotal"] ?? [];
    expect(groups.map((g) => [g["cac:TaxCategory"]["cbc:ID"], g["cbc:TaxableAmount"], g["cbc:TaxAmount"]])).toEqual([
      ["S", "210.50", "14.74"],
      ["AE", "10.00", "0.00"],
    ]);
    expect(groups[1]?.["cac:TaxCategory"]["cbc:TaxExemptionReasonCode"]).toBe("VATEX-EU-AE");
    const ubl = await renderInvoiceXml(mixed, studio, parties, "ubl");
    expect(ubl).toContain("Article 196");
  });

  it("writes a credit note as one, with positive amounts and the invoice it corrects", async () => {
    const credit = KINDS.find(([name]) => name.startsWith("a credit note"))![1];
    const ubl = await renderInvoiceXml(credit, studio, parties, "ubl");
    expect(ubl).toMatch(/<CreditNote\b/);
    expect(ubl).toContain("INV-2026-0005");
    expect(ubl).toMatch(/<cbc:PayableAmount currencyID="EUR">71\.40<\/cbc:PayableAmount>/);
    const cii = await renderInvoiceXml(credit, studio, parties, "cii");
    expect(cii).toContain("<ram:TypeCode>381</ram:TypeCode>");
  });

  it("writes an XRechnung when the buyer gives a buyer reference, with the studio's telephone as its contact", async () => {
    const document = KINDS.find(([name]) => name.includes("buyer reference"))![1];
    for (const syntax of ["cii", "ubl"] as const) {
      const xml = await renderInvoiceXml(document, studio, parties, syntax);
      expect(xml).toContain("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0");
      expect(xml).toContain("04011000-12345-03");
      expect(xml).toContain("+49 30 1234567");
    }
    const plain = await renderInvoiceXml(KINDS[0]![1], studio, parties, "ubl");
    expect(plain).not.toContain("xrechnung");
  });

  it("refuses a currency of three decimals, which EN 16931 cannot write", () => {
    expect(() => eInvoiceData(invoice({ currency: "BHD" }), studio, parties)).toThrow(/two decimals/);
  });
});
