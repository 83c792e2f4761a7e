import { describe, expect, it } from "vitest";
import { canChangeInvoiceStatus, formatMoney, invoiceNumber, invoiceTotal, isOverdue, isVisibleToClient, parseMoney } from "./invoices";

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
});

describe("amounts", () => {
  it("adds up lines in cents", () => {
    expect(
      invoiceTotal([
        { quantity: 3, unitAmount: 12_050 },
        { quantity: 1, unitAmount: 99 },
      ]),
    ).toBe(36_249);
    expect(invoiceTotal([])).toBe(0);
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
