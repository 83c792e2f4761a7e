// Invoices and credit notes: their numbers, amounts in minor units, balances, reminders, and which status may follow which.
import { addDays } from "./calendar";
import { applyRate } from "./money";
import { isStaff, type Role } from "./roles";
import { defaultVatCategory, VAT_CATEGORIES, type VatCategory } from "./vat";

export const INVOICE_STATUSES = ["draft", "sent", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS = { draft: "Draft", sent: "Sent", paid: "Paid", void: "Void" } as const satisfies Record<
  InvoiceStatus,
  string
>;

// A draft is sent or dropped; a sent invoice is paid or voided; paid and void are final.
const NEXT: Record<InvoiceStatus, readonly InvoiceStatus[]> = { draft: ["sent", "void"], sent: ["paid", "void"], paid: [], void: [] };

export function canChangeInvoiceStatus(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return NEXT[from].includes(to);
}

export function nextInvoiceStatuses(from: InvoiceStatus): readonly InvoiceStatus[] {
  return NEXT[from];
}

/** Clients see an invoice once it has been sent; drafts are the studio's. */
export function isVisibleToClient(status: InvoiceStatus): boolean {
  return status !== "draft";
}

/**
 * Who sees an invoice or a credit note (a credit note is the business's as its invoice is): the studio any, drafts
 * too (designers draft invoices; only an admin sends one, by the invoices router's admin procedures); a client its
 * own business's once issued.
 */
export function canSeeInvoice(
  viewer: { role: Role; businessId: string | null },
  invoice: { businessId: string; status: InvoiceStatus },
): boolean {
  if (isStaff(viewer.role)) return true;
  return viewer.businessId === invoice.businessId && isVisibleToClient(invoice.status);
}

/**
 * A sent invoice still unpaid after its due date (both YYYY-MM-DD calendar dates); one due today
 * is not late yet. The businesses overview counts the same in SQL (businessOverview in @atelier/db).
 */
export function isOverdue(invoice: { status: InvoiceStatus; dueAt: string | null }, today: string): boolean {
  return invoice.status === "sent" && invoice.dueAt !== null && invoice.dueAt < today;
}

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export interface InvoiceLine {
  quantity: number;
  /** Price of one unit, in the invoice currency's minor units. */
  unitAmount: number;
  /** Discount on the line, in basis points (1000 is 10 %). */
  discountBp?: number;
  /** Tax on the line after its discount, in basis points (2000 is 20 %). */
  taxRateBp?: number;
  /** The line's VAT category (vat.ts); without one, taxed lines are standard rate and untaxed ones zero rate. */
  taxCategory?: VatCategory;
}

export const INVOICE_LINE_DESCRIPTION_MAX_LENGTH = 500;
export const INVOICE_LINE_MAX_QUANTITY = 100_000;
export const INVOICE_LINE_MAX_UNIT_AMOUNT = 100_000_000; // one million in cents

export interface LineAmounts {
  gross: number;
  discount: number;
  net: number;
}

/** One line's amounts, rounded as money.ts writes down; a credit note's lines count negative. Its tax is its category's. */
export function lineAmounts(line: InvoiceLine, kind: InvoiceKind = "invoice"): LineAmounts {
  const sign = kind === "credit_note" ? -1 : 1;
  const gross = sign * line.quantity * line.unitAmount;
  const discount = applyRate(gross, line.discountBp ?? 0);
  return { gross, discount, net: gross - discount };
}

/** The VAT category a line is in. */
export function lineVatCategory(line: Pick<InvoiceLine, "taxCategory" | "taxRateBp">): VatCategory {
  return line.taxCategory ?? defaultVatCategory(line.taxRateBp ?? 0);
}

export interface InvoiceTotals {
  gross: number;
  discount: number;
  net: number;
  tax: number;
  total: number;
  /** Net and tax per VAT category and rate (EN 16931 BG-23), in the order of VAT_CATEGORIES, lowest rate first. */
  taxes: { category: VatCategory; rateBp: number; net: number; tax: number }[];
}

/**
 * The invoice's totals as EN 16931 rounds them: each line's net amount rounded, the tax of each category and rate
 * rounded once on the sum of its lines' nets (BR-CO-17), and the document's tax the sum of those.
 */
export function invoiceTotals(lines: readonly InvoiceLine[], kind: InvoiceKind = "invoice"): InvoiceTotals {
  const totals: InvoiceTotals = { gross: 0, discount: 0, net: 0, tax: 0, total: 0, taxes: [] };
  const groups = new Map<string, { category: VatCategory; rateBp: number; net: number; tax: number }>();
  for (const line of lines) {
    const a = lineAmounts(line, kind);
    totals.gross += a.gross;
    totals.discount += a.discount;
    totals.net += a.net;
    const category = lineVatCategory(line);
    const rateBp = line.taxRateBp ?? 0;
    const key = `${category} ${rateBp}`;
    const group = groups.get(key) ?? { category, rateBp, net: 0, tax: 0 };
    group.net += a.net;
    groups.set(key, group);
  }
  totals.taxes = [...groups.values()].sort(
    (a, b) => VAT_CATEGORIES.indexOf(a.category) - VAT_CATEGORIES.indexOf(b.category) || a.rateBp - b.rateBp,
  );
  for (const group of totals.taxes) {
    group.tax = applyRate(group.net, group.rateBp);
    totals.tax += group.tax;
  }
  totals.total = totals.net + totals.tax;
  return totals;
}

/**
 * What is left to pay on an invoice: its total, less the payments recorded and the credit notes sent
 * against it (their totals are negative). Never below zero.
 */
export function invoiceBalance(total: number, paid: number, credited: number): number {
  return Math.max(0, total - paid + credited);
}

/** Why a payment of `amount` cannot be recorded, or null when it can. */
export function paymentRefusal(invoice: { status: InvoiceStatus; kind: InvoiceKind }, amount: number, balance: number): string | null {
  if (invoice.kind === "credit_note") return "A credit note is not paid.";
  if (invoice.status !== "sent") return "Payments are recorded on sent invoices only.";
  if (amount <= 0) return "A payment must be more than zero.";
  if (amount > balance) return "A payment cannot be more than the balance.";
  return null;
}

/**
 * Why a credit note of `creditTotal` (negative) cannot be sent against `original`, or null when it can:
 * it corrects a sent or paid invoice and credits at most what that invoice still bills after earlier credits.
 */
export function creditNoteRefusal(
  original: { status: InvoiceStatus; kind: InvoiceKind; total: number; credited: number },
  creditTotal: number,
): string | null {
  if (original.kind !== "invoice" || (original.status !== "sent" && original.status !== "paid")) {
    return "A credit note corrects a sent or paid invoice.";
  }
  if (creditTotal >= 0) return "A credit note must credit an amount.";
  if (original.total + original.credited + creditTotal < 0) return "A credit note cannot credit more than the invoice still bills.";
  return null;
}

const NUMBER_PREFIX = { invoice: "INV", credit_note: "CN" } as const satisfies Record<InvoiceKind, string>;

/** The series a kind of invoice is numbered in; each counts from 1 every year without gaps. */
export function invoiceSeries(kind: InvoiceKind): string {
  return NUMBER_PREFIX[kind];
}

/** INV-{year}-{sequence} (CN- for credit notes), the sequence counting within the year from 1 and padded to four digits. */
export function invoiceNumber(year: number, sequence: number, kind: InvoiceKind = "invoice"): string {
  return `${NUMBER_PREFIX[kind]}-${year}-${String(sequence).padStart(4, "0")}`;
}

/**
 * An overdue invoice is reminded once, `afterDays` days after its due date (0: the day after it is due);
 * with no schedule set (null) no reminder goes out.
 */
export function isReminderDue(
  invoice: { status: InvoiceStatus; kind: InvoiceKind; dueAt: string | null; remindedAt: Date | null },
  today: string,
  afterDays: number | null,
): boolean {
  if (afterDays === null || invoice.kind !== "invoice" || invoice.remindedAt !== null || invoice.dueAt === null) return false;
  return isOverdue(invoice, addDays(today, -afterDays));
}

/** Dates as people read them: "Dec 15, 2026" for a calendar date (YYYY-MM-DD) or an instant (read in UTC). */
export function formatInvoiceDate(date: string | Date): string {
  const instant = typeof date === "string" ? new Date(`${date}T00:00:00Z`) : date;
  return instant.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}
