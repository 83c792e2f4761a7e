// The invoice as an EN 16931 e-invoice (docs/invoices.md, "E-invoices"): its data in the shape @e-invoice-eu/core
// takes (UBL's terms, in JSON), from which that library writes the XML in either syntax (UBL 2.1, or UN/CEFACT CII)
// and the Factur-X/ZUGFeRD PDF: our PDF made PDF/A-3 with the CII XML inside as factur-x.xml. Ours here is only
// the mapping: which of our fields is which business term, and the amounts as EN 16931 rounds them.
import type { BillingProfile, InvoiceDocument } from "@atelier/db";
import {
  DomainError,
  invoiceTotals,
  lineAmounts,
  lineVatCategory,
  minorDigits,
  toDecimalString,
  utcDay,
  VAT_CATEGORY_FACTS,
} from "@atelier/domain";
import { FormatFactoryService, type Invoice, InvoiceService, type InvoiceServiceOptions } from "@e-invoice-eu/core";

export const E_INVOICE_SYNTAXES = ["cii", "ubl"] as const;
export type EInvoiceSyntax = (typeof E_INVOICE_SYNTAXES)[number];

/** Whether the invoice's amounts fit EN 16931, which writes them to two decimals at most (currencies of 0 or 2 digits). */
export function canBeEInvoice(invoice: { currency: string }): boolean {
  return minorDigits(invoice.currency) <= 2;
}

type Currency = Invoice["ubl:Invoice"]["cbc:DocumentCurrencyCode"];
type Country =
  Invoice["ubl:Invoice"]["cac:AccountingSupplierParty"]["cac:Party"]["cac:PostalAddress"]["cac:Country"]["cbc:IdentificationCode"];

/** Where each party is reached: the studio's invoicing e-mail (BT-34), the buyer's first billing contact (BT-49). */
export interface EInvoiceParties {
  sellerEmail: string;
  buyerEmail: string;
}

/**
 * The invoice in @e-invoice-eu/core's terms. A credit note's amounts are positive: its type (381) says it credits.
 * Both parties' electronic addresses are e-mail addresses (scheme EM): the studio's invoicing e-mail, the buyer's
 * billing contact.
 */
export function eInvoiceData(invoice: InvoiceDocument, studio: BillingProfile, parties: EInvoiceParties): Invoice {
  if (!canBeEInvoice(invoice)) {
    throw new DomainError(
      "PRECONDITION_FAILED",
      `An e-invoice writes amounts to two decimals at most: an invoice in ${invoice.currency} cannot be one.`,
    );
  }
  const currency = invoice.currency as Currency;
  const amount = (minor: number) => toDecimalString(minor, currency);
  const percent = (bp: number) => String(bp / 100);
  const totals = invoiceTotals(invoice.lines);
  const issued = utcDay(invoice.sentAt ?? invoice.createdAt);
  const buyerName = invoice.buyer.legalName.trim() || invoice.businessName;
  const categories = new Set(invoice.lines.map(lineVatCategory));
  const country = (code: string) => ({ "cbc:IdentificationCode": code as Country });
  const address = (party: { address: string; city: string; postcode: string; country: string }) => ({
    ...(party.address.trim() ? { "cbc:StreetName": party.address.replace(/\s*\n\s*/g, ", ").trim() } : {}),
    ...(party.city.trim() ? { "cbc:CityName": party.city.trim() } : {}),
    ...(party.postcode.trim() ? { "cbc:PostalZone": party.postcode.trim() } : {}),
    "cac:Country": country(party.country),
  });
  const taxIds = [
    ...(studio.vatId ? [{ "cbc:CompanyID": studio.vatId, "cac:TaxScheme": { "cbc:ID": "VAT" } }] : []),
    // A tax number that is not a VAT identifier (BT-32).
    ...(studio.taxNumber.trim() ? [{ "cbc:CompanyID": studio.taxNumber.trim(), "cac:TaxScheme": { "cbc:ID": "FC" } }] : []),
  ];
  const terms = [
    studio.paymentTerms.trim(),
    studio.paymentLink ? `Pay online: ${studio.paymentLink}` : "",
    // An amount due needs a due date or terms (BR-CO-25).
  ].filter(Boolean);
  if (terms.length === 0 && !invoice.dueAt) terms.push("Payable on receipt.");
  const account = studio.iban
    ? [
        {
          // 58: SEPA credit transfer, for euros; 30: a credit transfer otherwise.
          "cbc:PaymentMeansCode": currency === "EUR" ? "58" : "30",
          "cbc:PaymentID": invoice.number,
          "cac:PayeeFinancialAccount": {
            "cbc:ID": studio.iban,
            "cbc:Name": studio.legalName,
            ...(studio.bic ? { "cac:FinancialInstitutionBranch": { "cbc:ID": studio.bic } } : {}),
          },
        },
      ]
    : [];
  const data: Invoice = {
    "ubl:Invoice": {
      "cbc:ID": invoice.number,
      "cbc:IssueDate": issued,
      ...(invoice.kind === "invoice" && invoice.dueAt ? { "cbc:DueDate": invoice.dueAt } : {}),
      "cbc:InvoiceTypeCode": invoice.kind === "credit_note" ? "381" : "380",
      ...(invoice.notes?.trim() ? { "cbc:Note": [invoice.notes.trim()] } : {}),
      "cbc:DocumentCurrencyCode": currency,
      ...(invoice.buyer.buyerReference.trim() ? { "cbc:BuyerReference": invoice.buyer.buyerReference.trim() } : {}),
      ...(invoice.creditForNumber
        ? { "cac:BillingReference": [{ "cac:InvoiceDocumentReference": { "cbc:ID": invoice.creditForNumber } }] }
        : {}),
      "cac:AccountingSupplierParty": {
        "cac:Party": {
          "cbc:EndpointID": parties.sellerEmail,
          "cbc:EndpointID@schemeID": "EM",
          "cac:PostalAddress": address(studio),
          ...(taxIds.length > 0 ? { "cac:PartyTaxScheme": taxIds as [] } : {}),
          "cac:PartyLegalEntity": { "cbc:RegistrationName": studio.legalName },
          "cac:Contact": {
            "cbc:Name": studio.legalName,
            ...(studio.telephone ? { "cbc:Telephone": studio.telephone } : {}),
            "cbc:ElectronicMail": parties.sellerEmail,
          },
        },
      },
      "cac:AccountingCustomerParty": {
        "cac:Party": {
          // None on a draft's PDF while the business has nobody to mail it to (optional in EN 16931).
          ...(parties.buyerEmail ? { "cbc:EndpointID": parties.buyerEmail, "cbc:EndpointID@schemeID": "EM" as const } : {}),
          ...(buyerName !== invoice.businessName ? { "cac:PartyName": { "cbc:Name": invoice.businessName } } : {}),
          "cac:PostalAddress": address(invoice.buyer),
          ...(invoice.buyer.vatId
            ? { "cac:PartyTaxScheme": { "cbc:CompanyID": invoice.buyer.vatId, "cac:TaxScheme": { "cbc:ID": "VAT" } } }
            : {}),
          "cac:PartyLegalEntity": { "cbc:RegistrationName": buyerName },
        },
      },
      // An intra-community supply names when and to which country it went (BR-IC-11, BR-IC-12).
      ...(categories.has("intra_community")
        ? {
            "cac:Delivery": {
              "cbc:ActualDeliveryDate": issued,
              "cac:DeliveryLocation": { "cac:Address": { "cac:Country": country(invoice.buyer.country) } },
            },
          }
        : {}),
      ...(account.length > 0 ? { "cac:PaymentMeans": account } : {}),
      ...(terms.length > 0 ? { "cac:PaymentTerms": { "cbc:Note": terms.join("\n") } } : {}),
      "cac:TaxTotal": [
        {
          "cbc:TaxAmount": amount(totals.tax),
          "cbc:TaxAmount@currencyID": currency,
          "cac:TaxSubtotal": totals.taxes.map((group) => {
            const facts = VAT_CATEGORY_FACTS[group.category];
            return {
              "cbc:TaxableAmount": amount(group.net),
              "cbc:TaxableAmount@currencyID": currency,
              "cbc:TaxAmount": amount(group.tax),
              "cbc:TaxAmount@currencyID": currency,
              "cac:TaxCategory": {
                "cbc:ID": facts.code,
                "cbc:Percent": percent(group.rateBp),
                ...(facts.reasonCode ? { "cbc:TaxExemptionReasonCode": facts.reasonCode } : {}),
                ...(facts.note ? { "cbc:TaxExemptionReason": facts.note } : {}),
                "cac:TaxScheme": { "cbc:ID": "VAT" },
              },
            };
          }),
        },
      ],
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": amount(totals.net),
        "cbc:LineExtensionAmount@currencyID": currency,
        "cbc:TaxExclusiveAmount": amount(totals.net),
        "cbc:TaxExclusiveAmount@currencyID": currency,
        "cbc:TaxInclusiveAmount": amount(totals.total),
        "cbc:TaxInclusiveAmount@currencyID": currency,
        "cbc:PayableAmount": amount(totals.total),
        "cbc:PayableAmount@currencyID": currency,
      },
      "cac:InvoiceLine": invoice.lines.map((line, index) => {
        const a = lineAmounts(line);
        const category = lineVatCategory(line);
        return {
          "cbc:ID": String(index + 1),
          "cbc:InvoicedQuantity": String(line.quantity),
          // C62: "one", a unit counted.
          "cbc:InvoicedQuantity@unitCode": "C62",
          "cbc:LineExtensionAmount": amount(a.net),
          "cbc:LineExtensionAmount@currencyID": currency,
          ...(a.discount !== 0
            ? {
                "cac:AllowanceCharge": [
                  {
                    "cbc:ChargeIndicator": "false",
                    // 95: a discount.
                    "cbc:AllowanceChargeReasonCode": "95",
                    "cbc:AllowanceChargeReason": "Discount",
                    "cbc:MultiplierFactorNumeric": percent(line.discountBp ?? 0),
                    "cbc:Amount": amount(a.discount),
                    "cbc:Amount@currencyID": currency,
                    "cbc:BaseAmount": amount(a.gross),
                    "cbc:BaseAmount@currencyID": currency,
                  },
                ],
              }
            : {}),
          "cac:Item": {
            "cbc:Name": line.description,
            "cac:ClassifiedTaxCategory": {
              "cbc:ID": VAT_CATEGORY_FACTS[category].code,
              "cbc:Percent": percent(line.taxRateBp ?? 0),
              "cac:TaxScheme": { "cbc:ID": "VAT" },
            },
          },
          "cac:Price": { "cbc:PriceAmount": amount(line.unitAmount), "cbc:PriceAmount@currencyID": currency },
        };
      }) as Invoice["ubl:Invoice"]["cac:InvoiceLine"],
    },
  } as Invoice;
  return data;
}

/** The library's notes go nowhere but its errors: what it would warn of, the validation tests catch. */
const QUIET = {
  log() {},
  warn() {},
  error(message: string) {
    console.error(`e-invoice: ${message}`);
  },
};

/**
 * Generates `format` from `data`. CII-based formats go to the format's writer directly, with the line allowances'
 * currencyID left out: the library's schema asks for one there, but its CII writer then prints an attribute CII
 * forbids on line allowances (CII-DT-031, fatal). The same data goes through the library's schema check on the UBL
 * side, which keeps it (UBL allows it), so no data skips that check.
 */
async function generate(data: Invoice, options: InvoiceServiceOptions): Promise<string | Uint8Array> {
  const factory = new FormatFactoryService();
  if (factory.info(options.format).syntax === "UBL") return new InvoiceService(QUIET).generate(data, options);
  const invoice = structuredClone(data);
  for (const line of invoice["ubl:Invoice"]["cac:InvoiceLine"]) {
    for (const allowance of line["cac:AllowanceCharge"] ?? []) {
      delete allowance["cbc:Amount@currencyID"];
      delete allowance["cbc:BaseAmount@currencyID"];
    }
  }
  const formatter = factory.createFormatService(options.format, QUIET);
  formatter.fillInvoiceDefaults(invoice);
  return formatter.generate(invoice, { ...options, format: factory.normalizeFormat(options.format) });
}

/** Whether the invoice's XML is an XRechnung: its buyer gives a buyer reference (a Leitweg-ID, BT-10). */
export const isXRechnung = (invoice: Pick<InvoiceDocument, "buyer">) => invoice.buyer.buyerReference.trim() !== "";

/**
 * The invoice's XML in `syntax`, as EN 16931 (CII: the Factur-X EN 16931 profile's; UBL: 2.1, Invoice or CreditNote),
 * as an XRechnung 3.0 (the same syntax, its customization) when the buyer gives a buyer reference.
 */
export async function renderInvoiceXml(
  invoice: InvoiceDocument,
  studio: BillingProfile,
  parties: EInvoiceParties,
  syntax: EInvoiceSyntax,
): Promise<string> {
  const xml = await generate(eInvoiceData(invoice, studio, parties), {
    format: `${isXRechnung(invoice) ? "XRECHNUNG-" : ""}${syntax.toUpperCase()}`,
    lang: "en",
    noWarnings: true,
  });
  return typeof xml === "string" ? xml : new TextDecoder().decode(xml);
}

/**
 * The invoice's PDF made a Factur-X (ZUGFeRD) one: PDF/A-3, its CII XML embedded as factur-x.xml with the XMP metadata
 * that names the EN 16931 profile. `pdf` must embed every font it uses (PDF/A does not allow the standard ones).
 */
export async function facturXPdf(pdf: Buffer, invoice: InvoiceDocument, studio: BillingProfile, parties: EInvoiceParties): Promise<Buffer> {
  const out = await generate(eInvoiceData(invoice, studio, parties), {
    format: "Factur-X-EN16931",
    lang: "en",
    noWarnings: true,
    pdf: { buffer: new Uint8Array(pdf), filename: `${invoice.number}.pdf`, mimetype: "application/pdf" },
  });
  return Buffer.from(typeof out === "string" ? new TextEncoder().encode(out) : out);
}
