// The invoice as a PDF, drawn on the server with pdfkit: a plain drawing API, no browser or React renderer, and years
// of steady releases. Titles, names and lines are printed as typed, in Noto fonts chosen per run of text
// (pdf-fonts.ts), embedded (only the glyphs used), as the PDF/A-3 it becomes (e-invoice.ts) requires.
import type { BillingProfile, InvoiceDocument } from "@atelier/db";
import {
  epcPayload,
  formatIban,
  formatInvoiceDate,
  formatMoney,
  formatRate,
  INVOICE_STATUS_LABELS,
  invoiceBalance,
  invoiceTotals,
  lineAmounts,
  lineVatCategory,
  VAT_CATEGORY_FACTS,
  type VatCategory,
  vatNotes,
} from "@atelier/domain";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { fontBytes, textWriter, UNICODE_BOLD, UNICODE_REGULAR } from "./pdf-fonts";

const MARGIN = 50;
const INK = "#1f2328";
const MUTED = "#59636e";
const RULE = "#d0d7de";

/** The bytes of a data: URL holding a PNG or JPEG, or null for anything else. */
function logoBytes(logo: string | null): Buffer | null {
  const match = logo?.match(/^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/);
  return match?.[2] ? Buffer.from(match[2], "base64") : null;
}

/** A party's address and VAT identifier, as the law asks an invoice to show them. */
function addressLines(party: { address: string; postcode: string; city: string; country: string; vatId: string }): string[] {
  const country = party.country ? (new Intl.DisplayNames(["en"], { type: "region" }).of(party.country) ?? party.country) : "";
  return [
    party.address,
    [party.postcode, party.city].filter(Boolean).join(" "),
    country,
    party.vatId ? `VAT ID: ${party.vatId}` : "",
  ].filter((line) => line.trim() !== "");
}

/** The studio's address and identifiers under its name. */
function studioLines(studio: BillingProfile): string[] {
  return [
    ...addressLines(studio),
    studio.taxNumber ? `Tax ID: ${studio.taxNumber}` : "",
    [studio.telephone, studio.email].filter(Boolean).join(" · "),
  ].filter((line) => line !== "");
}

/** Where to pay: the account (IBAN grouped by four, as printed on cards), the link, and anything else the studio adds. */
function paymentLines(studio: BillingProfile): string[] {
  return [studio.iban ? `IBAN ${formatIban(studio.iban)}${studio.bic ? ` · BIC ${studio.bic}` : ""}` : "", studio.bankDetails].filter(
    (line) => line.trim() !== "",
  );
}

/** A line's tax as its column shows it: the rate of a standard-rate line, else its category in a word or two. */
function taxCell(line: { taxRateBp: number; taxCategory?: VatCategory }): string {
  const category = lineVatCategory(line);
  return category === "standard" || category === "zero" ? formatRate(line.taxRateBp) : VAT_CATEGORY_FACTS[category].label;
}

/** A row of the VAT breakdown under the lines: "VAT 19 %", or the category of lines that charge none. */
function taxLabel(category: VatCategory, rateBp: number): string {
  return category === "standard" ? `VAT ${formatRate(rateBp)}` : VAT_CATEGORY_FACTS[category].label;
}

export function invoicePdfFilename(invoice: { number: string }): string {
  return `${invoice.number}.pdf`;
}

export async function renderInvoicePdf(invoice: InvoiceDocument, studio: BillingProfile): Promise<Buffer> {
  const title = invoice.kind === "credit_note" ? "Credit note" : "Invoice";
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `${title} ${invoice.number}`, Author: studio.legalName || "Atelier" },
  });
  // PDF/A (the Factur-X PDF is one) allows no font that is not embedded: always the Noto fonts, only the glyphs used.
  for (const [name, bytes] of Object.entries(fontBytes())) doc.registerFont(name, bytes);
  const REGULAR = UNICODE_REGULAR;
  const BOLD = UNICODE_BOLD;
  const put = textWriter(doc, false);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = doc.page.width - MARGIN;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const totals = invoiceTotals(invoice.lines, invoice.kind);

  // Header: the studio on the left (logo above its name), the document on the right.
  let y = MARGIN;
  const logo = logoBytes(studio.logo);
  if (logo) {
    try {
      doc.image(logo, MARGIN, y, { fit: [140, 56] });
      y += 64;
    } catch {
      // An image pdfkit cannot read is left out rather than failing the invoice.
    }
  }
  doc.fontSize(12).fillColor(INK);
  put(studio.legalName || "Atelier", BOLD, MARGIN, y, { width: width / 2 });
  doc.fontSize(9).fillColor(MUTED);
  for (const line of studioLines(studio)) put(line, REGULAR, undefined, undefined, { width: width / 2 });
  const studioBottom = doc.y;

  doc
    .font(BOLD)
    .fontSize(22)
    .fillColor(INK)
    .text(title.toUpperCase(), MARGIN + width / 2, MARGIN, { width: width / 2, align: "right" });
  doc
    .font(REGULAR)
    .fontSize(10)
    .text(invoice.number, { width: width / 2, align: "right" });
  doc.fontSize(9).fillColor(MUTED);
  const facts: [string, string][] = [
    ["Issued", formatInvoiceDate(invoice.sentAt ?? invoice.createdAt)],
    ...(invoice.dueAt ? [["Due", formatInvoiceDate(invoice.dueAt)] as [string, string]] : []),
    ...(invoice.creditForNumber ? [["Corrects", invoice.creditForNumber] as [string, string]] : []),
    ...(invoice.status !== "sent" ? [["Status", INVOICE_STATUS_LABELS[invoice.status]] as [string, string]] : []),
  ];
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, { width: width / 2, align: "right" });

  // Bill to.
  y = Math.max(studioBottom, doc.y) + 24;
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text("BILL TO", MARGIN, y);
  doc.fontSize(11).fillColor(INK);
  put(invoice.buyer.legalName || invoice.businessName, BOLD);
  doc.fontSize(9).fillColor(MUTED);
  for (const line of addressLines(invoice.buyer)) put(line, REGULAR);
  if (invoice.buyer.buyerReference) put(`Your reference: ${invoice.buyer.buyerReference}`, REGULAR);
  if (invoice.projectTitle) {
    doc.fontSize(9).fillColor(MUTED);
    put(`Project: ${invoice.projectTitle}`, REGULAR);
  }

  // Lines.
  const columns = [
    { label: "Description", x: MARGIN, w: width - 330, align: "left" as const },
    { label: "Qty", x: right - 330, w: 40, align: "right" as const },
    { label: "Unit price", x: right - 285, w: 80, align: "right" as const },
    { label: "Discount", x: right - 200, w: 50, align: "right" as const },
    { label: "Tax", x: right - 145, w: 45, align: "right" as const },
    { label: "Amount", x: right - 95, w: 95, align: "right" as const },
  ];
  const row = (cells: string[], top: number, font: string, color: string) => {
    doc.font(font).fontSize(9).fillColor(color);
    let bottom = top;
    cells.forEach((cell, i) => {
      const c = columns[i];
      if (!c) return;
      put(cell, font, c.x, top, { width: c.w, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    return bottom;
  };
  y = doc.y + 20;
  y = row(
    columns.map((c) => c.label),
    y,
    BOLD,
    MUTED,
  );
  doc
    .moveTo(MARGIN, y + 3)
    .lineTo(right, y + 3)
    .strokeColor(RULE)
    .stroke();
  y += 8;
  for (const line of invoice.lines) {
    const amounts = lineAmounts(line, invoice.kind);
    doc.font(REGULAR).fontSize(9);
    if (y + doc.heightOfString(line.description, { width: columns[0]?.w ?? 100 }) > doc.page.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
    }
    y = row(
      [
        line.description,
        String(line.quantity),
        money(line.unitAmount),
        line.discountBp ? formatRate(line.discountBp) : "—",
        taxCell(line),
        money(amounts.net),
      ],
      y,
      REGULAR,
      INK,
    );
    y += 6;
  }
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor(RULE).stroke();

  // Totals, right-aligned under the amounts.
  const paid = invoice.payments.reduce((sum, p) => sum + p.amount, 0);
  const credited = invoice.creditNotes.filter((c) => c.status !== "draft" && c.status !== "void").reduce((sum, c) => sum + c.total, 0);
  const summary: [string, string, boolean][] = [
    ...(totals.discount !== 0 ? [["Before discounts", money(totals.gross), false] as [string, string, boolean]] : []),
    ...(totals.discount !== 0 ? [["Discounts", money(-totals.discount), false] as [string, string, boolean]] : []),
    ["Subtotal", money(totals.net), false],
    ...totals.taxes
      .filter((t) => t.category !== "zero" || totals.taxes.length > 1)
      .map((t) => [`${taxLabel(t.category, t.rateBp)} on ${money(t.net)}`, money(t.tax), false] as [string, string, boolean]),
    ["Total", money(totals.total), true],
    ...(invoice.kind === "invoice" && (paid > 0 || credited !== 0)
      ? [
          ...(credited !== 0 ? [["Credited", money(credited), false] as [string, string, boolean]] : []),
          ...(paid > 0 ? [["Paid", money(-paid), false] as [string, string, boolean]] : []),
          ["Balance due", money(invoiceBalance(totals.total, paid, credited)), true] as [string, string, boolean],
        ]
      : []),
  ];
  y += 10;
  for (const [label, value, strong] of summary) {
    doc
      .font(strong ? BOLD : REGULAR)
      .fontSize(strong ? 11 : 9)
      .fillColor(strong ? INK : MUTED);
    doc.text(label, right - 300, y, { width: 195, align: "right" });
    doc.fillColor(INK).text(value, right - 95, y, { width: 95, align: "right" });
    y = doc.y + 4;
  }

  // Notes, terms and how to pay.
  const blocks: [string, string][] = [
    // The notes the law asks for a line that charges no VAT (reverse charge, exemption, intra-community supply).
    ["VAT", vatNotes(invoice.lines.map(lineVatCategory)).join("\n")],
    ["Notes", invoice.notes?.trim() ?? ""],
    ["Payment terms", invoice.kind === "invoice" ? studio.paymentTerms.trim() : ""],
    // Headed even when the payment link is all there is: it follows as a link of its own.
    ["How to pay", invoice.kind === "invoice" ? paymentLines(studio).join("\n") || (studio.paymentLink ? " " : "") : ""],
  ];
  y += 16;
  // A banking app's way in: the EPC QR code of a SEPA transfer of the balance due, for invoices in euros.
  const due = invoice.kind === "invoice" ? invoiceBalance(totals.total, paid, credited) : 0;
  const epc = epcPayload({
    name: studio.legalName,
    iban: studio.iban,
    bic: studio.bic,
    currency: invoice.currency,
    amount: due,
    text: `Invoice ${invoice.number}`,
  });
  if (epc) {
    const size = 96;
    if (y + size + 24 > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    // Error correction M, as the EPC's guidelines ask.
    const qr = await QRCode.toBuffer(epc, { type: "png", errorCorrectionLevel: "M", margin: 2, width: size * 3 });
    doc.image(qr, right - size, y, { width: size, height: size });
    doc
      .font(REGULAR)
      .fontSize(7)
      .fillColor(MUTED)
      .text("Scan to pay by bank transfer", right - size - 10, y + size + 2, { width: size + 10, align: "center" });
  }
  const textWidth = epc ? width - 120 : width;
  for (const [label, text] of blocks) {
    if (!text) continue;
    doc.font(REGULAR).fontSize(9);
    if (y + doc.heightOfString(text, { width: textWidth }) + 14 > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font(BOLD).fontSize(8).fillColor(MUTED).text(label.toUpperCase(), MARGIN, y);
    doc.fontSize(9).fillColor(INK);
    if (text.trim()) put(text, REGULAR, undefined, undefined, { width: textWidth });
    // The payment link, a link in the PDF as on the page.
    if (label === "How to pay" && studio.paymentLink) {
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor("#0969da")
        .text(`Pay online: ${studio.paymentLink}`, { width: textWidth, link: studio.paymentLink, underline: true });
    }
    y = doc.y + 12;
  }

  doc.end();
  return done;
}
