import { describe, expect, it } from "vitest";
import {
  canChangeInvoiceStatus,
  canSeeInvoice,
  creditNoteRefusal,
  formatInvoiceDate,
  invoiceBalance,
  invoiceNumber,
  invoiceTotals,
  isOverdue,
  isReminderDue,
  isVisibleToClient,
  lineAmounts,
  paymentRefusal,
} from "./invoices";
import { formatMoney, parseMoney } from "./money";

describe("invoice status", () => {
  it.each([
    ["draft", "sent", true],
    ["draft", "void", true],
    ["draft", "paid", false],
    ["sent", "paid", true],
    ["sent", "draft", false],
    ["paid", "void", false],
    ["void", "sent", false],
  ] as const)("%s -> %s: %s", (from, to, expected) => expect(canChangeInvoiceStatus(from, to)).toBe(expected));

  it("hides drafts from clients", () => {
    expect(isVisibleToClient("draft")).toBe(false);
    expect(isVisibleToClient("sent")).toBe(true);
  });

  it.each([
    [{ role: "admin" as const, businessId: null }, "draft", true],
    [{ role: "creative" as const, businessId: null }, "draft", true],
    [{ role: "creative" as const, businessId: null }, "sent", true],
    [{ role: "client" as const, businessId: "b1" }, "draft", false],
    [{ role: "client" as const, businessId: "b1" }, "sent", true],
    [{ role: "client" as const, businessId: "b2" }, "sent", false],
    [{ role: "client" as const, businessId: null }, "sent", false],
  ] as const)("%o sees b1's %s invoice or credit note: %s", (viewer, status, expected) => {
    expect(canSeeInvoice(viewer, { businessId: "b1", status })).toBe(expected);
  });
});

describe("amounts", () => {
  it("adds up lines in cents", () => {
    expect(
      invoiceTotals([
        { quantity: 3, unitAmount: 12_050 },
        { quantity: 1, unitAmount: 99 },
      ]).total,
    ).toBe(36_249);
    expect(invoiceTotals([]).total).toBe(0);
  });

  it.each([
    [36_249, "$362.49"],
    [0, "$0.00"],
    [123_456_789, "$1,234,567.89"],
  ])("formats %s as %s", (cents, text) => expect(formatMoney(cents)).toBe(text));

  it.each([
    ["80", 8000],
    ["1,250.5", 125_050],
    ["$ 0.99", 99],
    ["12.345", null],
    ["-5", null],
    ["abc", null],
    ["", null],
  ])("parses %j as %s", (text, cents) => expect(parseMoney(text)).toBe(cents));

  it("numbers invoices per year", () => {
    expect(invoiceNumber(2026, 7)).toBe("INV-2026-0007");
    expect(invoiceNumber(2026, 12345)).toBe("INV-2026-12345");
    expect(invoiceNumber(2026, 3, "credit_note")).toBe("CN-2026-0003");
  });
});

describe("isOverdue", () => {
  const today = "2026-11-22";
  it("is a sent invoice past its due date, not one due today or without a date", () => {
    expect(isOverdue({ status: "sent", dueAt: "2026-11-21" }, today)).toBe(true);
    expect(isOverdue({ status: "sent", dueAt: "2025-12-31" }, today)).toBe(true);
    expect(isOverdue({ status: "sent", dueAt: "2026-11-22" }, today)).toBe(false);
    expect(isOverdue({ status: "sent", dueAt: null }, today)).toBe(false);
  });
  it("is never a draft, a paid or a void invoice", () => {
    for (const status of ["draft", "paid", "void"] as const) expect(isOverdue({ status, dueAt: "2026-01-01" }, today)).toBe(false);
  });
});

describe("line amounts: gross, then the discount rounded half away from zero, then net", () => {
  it.each([
    // quantity, unit, discount bp -> gross, discount, net
    [{ quantity: 3, unitAmount: 12_050 }, [36_150, 0, 36_150]],
    [{ quantity: 1, unitAmount: 10_000, discountBp: 1000, taxRateBp: 2000 }, [10_000, 1000, 9000]],
    // 0.5 rounds away from zero: 25 × 10 % = 2.5 -> 3
    [{ quantity: 1, unitAmount: 25, discountBp: 1000, taxRateBp: 750 }, [25, 3, 22]],
    // 100 % discount leaves nothing
    [{ quantity: 2, unitAmount: 999, discountBp: 10_000, taxRateBp: 2000 }, [1998, 1998, 0]],
  ] as const)("%j", (line, [gross, discount, net]) => {
    expect(lineAmounts(line)).toEqual({ gross, discount, net });
  });

  it("stays exact where floating point would not: the largest line at the largest rate", () => {
    const line = { quantity: 100_000, unitAmount: 100_000_000, discountBp: 3333, taxRateBp: 2555 };
    // 10^13 × 33.33 % = 3_333_000_000_000; net 6_667_000_000_000; × 25.55 % = 1_703_418_500_000
    expect(lineAmounts(line)).toEqual({ gross: 10_000_000_000_000, discount: 3_333_000_000_000, net: 6_667_000_000_000 });
    expect(invoiceTotals([line]).tax).toBe(1_703_418_500_000);
  });

  it("counts a credit note's lines negative, exactly mirroring the invoice", () => {
    const line = { quantity: 1, unitAmount: 25, discountBp: 1000, taxRateBp: 750 };
    expect(lineAmounts(line, "credit_note")).toEqual({ gross: -25, discount: -3, net: -22 });
  });
});

describe("invoice totals: rounded per line, then per VAT category, then summed (EN 16931)", () => {
  const lines = [
    { quantity: 1, unitAmount: 105, taxRateBp: 500 },
    { quantity: 1, unitAmount: 105, taxRateBp: 500 },
    { quantity: 2, unitAmount: 1000, discountBp: 500, taxRateBp: 2000 },
    { quantity: 1, unitAmount: 300 },
  ];

  it("rounds tax once per category and rate, on the sum of its lines' nets", () => {
    // 210 × 5 % = 10.5 -> 11 on the sum; per line it would have been 5 + 5 = 10.
    expect(invoiceTotals(lines)).toEqual({
      gross: 2510,
      discount: 100,
      net: 2410,
      tax: 391,
      total: 2801,
      taxes: [
        { category: "standard", rateBp: 500, net: 210, tax: 11 },
        { category: "standard", rateBp: 2000, net: 1900, tax: 380 },
        { category: "zero", rateBp: 0, net: 300, tax: 0 },
      ],
    });
  });

  it("keeps categories of the same rate apart, in the standard's order", () => {
    const totals = invoiceTotals([
      { quantity: 1, unitAmount: 500, taxCategory: "intra_community" },
      { quantity: 1, unitAmount: 400, taxCategory: "exempt" },
      { quantity: 1, unitAmount: 300, taxCategory: "reverse_charge" },
      { quantity: 1, unitAmount: 200 },
      { quantity: 2, unitAmount: 100, taxCategory: "exempt" },
    ]);
    expect(totals.taxes).toEqual([
      { category: "zero", rateBp: 0, net: 200, tax: 0 },
      { category: "exempt", rateBp: 0, net: 600, tax: 0 },
      { category: "reverse_charge", rateBp: 0, net: 300, tax: 0 },
      { category: "intra_community", rateBp: 0, net: 500, tax: 0 },
    ]);
    expect(totals.total).toBe(1600);
  });

  it("makes a credit note of the same lines the exact negative", () => {
    const credit = invoiceTotals(lines, "credit_note");
    expect(credit.total).toBe(-2801);
    expect(credit.tax).toBe(-391);
    expect(credit.taxes.map((t) => t.tax)).toEqual([-11, -380, 0]);
  });

  it("is zero without lines", () => expect(invoiceTotals([])).toMatchObject({ total: 0, taxes: [] }));
});

describe("currencies with 0, 2 and 3 minor digits", () => {
  it.each([
    [123_456, "USD", "$1,234.56"],
    [-5, "EUR", "-€0.05"],
    [1235, "JPY", "¥1,235"],
    [1250, "BHD", "BHD\u00a01.250"],
    [1, "KWD", "KWD\u00a00.001"],
  ])("formats %s %s as %s", (minor, currency, text) => expect(formatMoney(minor, currency)).toBe(JSON.parse(`"${text}"`)));

  it.each([
    ["12.5", "USD", 1250],
    ["1,235", "JPY", 1235],
    ["12.5", "JPY", null],
    ["1.25", "BHD", 1250],
    ["0.001", "KWD", 1],
    ["1.2345", "BHD", null],
  ])("reads %j in %s as %s", (text, currency, minor) => expect(parseMoney(text, currency)).toBe(minor));

  it("totals a yen invoice in whole yen: 10 % tax on ¥1,005 is ¥101", () => {
    expect(invoiceTotals([{ quantity: 1, unitAmount: 1005, taxRateBp: 1000 }]).total).toBe(1106);
  });
});

describe("balance, payments and credit notes", () => {
  it("takes payments and sent credits off the total, never below zero", () => {
    expect(invoiceBalance(10_000, 2500, 0)).toBe(7500);
    expect(invoiceBalance(10_000, 2500, -7500)).toBe(0);
    expect(invoiceBalance(10_000, 10_000, -1000)).toBe(0);
  });

  it.each([
    [{ status: "sent", kind: "invoice" }, 500, 1000, null],
    [{ status: "sent", kind: "invoice" }, 1000, 1000, null],
    [{ status: "sent", kind: "invoice" }, 1001, 1000, "A payment cannot be more than the balance."],
    [{ status: "sent", kind: "invoice" }, 0, 1000, "A payment must be more than zero."],
    [{ status: "draft", kind: "invoice" }, 10, 1000, "Payments are recorded on sent invoices only."],
    [{ status: "paid", kind: "invoice" }, 10, 1000, "Payments are recorded on sent invoices only."],
    [{ status: "sent", kind: "credit_note" }, 10, 1000, "A credit note is not paid."],
  ] as const)("a payment on %j of %s with %s left: %s", (invoice, amount, balance, refusal) => {
    expect(paymentRefusal(invoice, amount, balance)).toBe(refusal);
  });

  it.each([
    [{ status: "sent", kind: "invoice", total: 1000, credited: 0 }, -1000, null],
    [{ status: "paid", kind: "invoice", total: 1000, credited: -400 }, -600, null],
    [
      { status: "sent", kind: "invoice", total: 1000, credited: -400 },
      -601,
      "A credit note cannot credit more than the invoice still bills.",
    ],
    [{ status: "draft", kind: "invoice", total: 1000, credited: 0 }, -10, "A credit note corrects a sent or paid invoice."],
    [{ status: "void", kind: "invoice", total: 1000, credited: 0 }, -10, "A credit note corrects a sent or paid invoice."],
    [{ status: "sent", kind: "credit_note", total: -10, credited: 0 }, -10, "A credit note corrects a sent or paid invoice."],
    [{ status: "sent", kind: "invoice", total: 1000, credited: 0 }, 0, "A credit note must credit an amount."],
  ] as const)("crediting %j with %s: %s", (original, credit, refusal) => expect(creditNoteRefusal(original, credit)).toBe(refusal));
});

describe("reminders", () => {
  const due = { status: "sent", kind: "invoice", dueAt: "2026-12-01", remindedAt: null } as const;
  it.each([
    ["2026-12-01", 0, false],
    ["2026-12-02", 0, true],
    ["2026-12-08", 7, false],
    ["2026-12-09", 7, true],
    ["2027-03-01", null, false],
  ] as const)("on %s with the schedule %s days after the due date: %s", (today, after, expected) => {
    expect(isReminderDue(due, today, after)).toBe(expected);
  });
  it("reminds once, and only of a sent invoice with a due date", () => {
    expect(isReminderDue({ ...due, remindedAt: new Date(0) }, "2027-01-01", 0)).toBe(false);
    expect(isReminderDue({ ...due, status: "paid" }, "2027-01-01", 0)).toBe(false);
    expect(isReminderDue({ ...due, kind: "credit_note" }, "2027-01-01", 0)).toBe(false);
    expect(isReminderDue({ ...due, dueAt: null }, "2027-01-01", 0)).toBe(false);
  });
});

describe("dates as people read them", () => {
  it("writes calendar dates and instants in words, the same everywhere", () => {
    expect(formatInvoiceDate("2026-12-15")).toBe("Dec 15, 2026");
    expect(formatInvoiceDate(new Date("2026-01-01T23:30:00Z"))).toBe("Jan 1, 2026");
  });
});
