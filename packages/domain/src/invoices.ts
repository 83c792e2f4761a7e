// Invoices: their numbers, totals in cents, the money format, and which status may follow which.
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
 * A sent invoice still unpaid after its due date (both YYYY-MM-DD calendar dates); one due today
 * is not late yet. The businesses overview counts the same in SQL (businessOverview in @atelier/db).
 */
export function isOverdue(invoice: { status: InvoiceStatus; dueAt: string | null }, today: string): boolean {
  return invoice.status === "sent" && invoice.dueAt !== null && invoice.dueAt < today;
}

export interface InvoiceLine {
  quantity: number;
  /** Price of one unit, in cents. */
  unitAmount: number;
}

export const INVOICE_LINE_MAX_QUANTITY = 100_000;
export const INVOICE_LINE_MAX_UNIT_AMOUNT = 100_000_000; // one million in cents

export function lineTotal(line: InvoiceLine): number {
  return line.quantity * line.unitAmount;
}

export function invoiceTotal(lines: readonly InvoiceLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** INV-{year}-{sequence}, the sequence counting within the year from 1 and padded to four digits. */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, "0")}`;
}

export function formatMoney(cents: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
}

/** Reads a typed amount ("1,250.50", "$80") as cents; null when it is not a plain non-negative amount. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[\s$,]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
