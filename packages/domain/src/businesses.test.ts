import { describe, expect, it } from "vitest";
import { balancesByCurrency, canEditBusiness, canEditBusinessBilling, canSeeBusiness, normalizeHex, swatchTextColour } from "./businesses";

describe("canSeeBusiness", () => {
  it.each([
    [{ role: "admin" as const, businessId: null }, "b1", true],
    [{ role: "creative" as const, businessId: null }, "b1", true],
    [{ role: "client" as const, businessId: "b1" }, "b1", true],
    [{ role: "client" as const, businessId: "b2" }, "b1", false],
    [{ role: "client" as const, businessId: null }, "b1", false],
  ])("%o sees %s: %s", (viewer, id, expected) => {
    expect(canSeeBusiness(viewer, id)).toBe(expected);
  });
});

describe("canEditBusiness", () => {
  it.each([
    ["admin" as const, true],
    ["creative" as const, true],
    ["client" as const, false],
  ])("%s -> %s", (role, expected) => {
    expect(canEditBusiness({ role, businessId: "b1" })).toBe(expected);
  });
});

describe("canEditBusinessBilling", () => {
  it.each([
    ["admin" as const, true],
    ["creative" as const, false],
    ["client" as const, false],
  ])("%s -> %s", (role, expected) => {
    expect(canEditBusinessBilling({ role, businessId: "b1" })).toBe(expected);
  });
});

describe("normalizeHex", () => {
  it.each([
    ["#AABBCC", "#aabbcc"],
    ["aabbcc", "#aabbcc"],
    [" #abc ", "#aabbcc"],
    ["#abcd", null],
    ["red", null],
    ["#gggggg", null],
    ["", null],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeHex(input)).toBe(expected);
  });
});

describe("swatchTextColour", () => {
  it.each([
    ["#ffffff", "#000000"],
    ["#ffd400", "#000000"],
    ["#000000", "#ffffff"],
    ["#1d4ed8", "#ffffff"],
  ])("%s -> %s", (hex, expected) => {
    expect(swatchTextColour(hex)).toBe(expected);
  });
});

describe("balancesByCurrency", () => {
  it("adds open balances per currency, in a stable order", () => {
    expect(
      balancesByCurrency([
        { currency: "USD", balance: 1000 },
        { currency: "EUR", balance: 250 },
        { currency: "USD", balance: 0 },
        { currency: "USD", balance: 5 },
      ]),
    ).toEqual([
      { currency: "EUR", balance: 250 },
      { currency: "USD", balance: 1005 },
    ]);
    expect(balancesByCurrency([])).toEqual([]);
  });
});
