import { describe, expect, it } from "vitest";
import { lineVatCategory } from "./invoices";
import { defaultVatCategory, VAT_CATEGORIES, VAT_CATEGORY_FACTS, vatLineRefusal, vatNotes } from "./vat";

describe("VAT categories", () => {
  it("reads a line without a category by its rate", () => {
    expect(defaultVatCategory(2000)).toBe("standard");
    expect(defaultVatCategory(0)).toBe("zero");
    expect(lineVatCategory({ taxRateBp: 0, taxCategory: "exempt" })).toBe("exempt");
    expect(lineVatCategory({})).toBe("zero");
  });

  it.each([
    ["standard", 2000, null],
    ["standard", 0, "A standard-rate line needs a tax rate above 0 %: choose Zero rate for none."],
    ["zero", 0, null],
    ["exempt", 0, null],
    ["reverse_charge", 0, null],
    ["reverse_charge", 1900, "Reverse charge lines carry no VAT: give them a 0 % rate."],
    ["intra_community", 700, "Intra-community supply lines carry no VAT: give them a 0 % rate."],
  ] as const)("a %s line at %i bp: %j", (category, rate, refusal) => {
    expect(vatLineRefusal(category, rate)).toBe(refusal);
  });

  it("prints each legal note once, in the standard's order", () => {
    expect(vatNotes(["standard", "zero"])).toEqual([]);
    const notes = vatNotes(["intra_community", "reverse_charge", "exempt", "reverse_charge"]);
    expect(notes).toHaveLength(3);
    expect(notes[0]).toBe("Exempt from VAT.");
    expect(notes[1]).toMatch(/^Reverse charge: .*Article 196/);
    expect(notes[2]).toMatch(/Article 138/);
  });

  it("names every category by its UNTDID 5305 code, and asks the buyer's VAT ID where the law does", () => {
    expect(VAT_CATEGORIES.map((c) => VAT_CATEGORY_FACTS[c].code)).toEqual(["S", "Z", "E", "AE", "K"]);
    expect(VAT_CATEGORIES.filter((c) => VAT_CATEGORY_FACTS[c].needsBuyerVatId)).toEqual(["reverse_charge", "intra_community"]);
  });
});
