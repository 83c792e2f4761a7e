import { describe, expect, it } from "vitest";
import {
  buyerGapsMessage,
  buyerLegalGaps,
  COUNTRY_CODES,
  formatIban,
  isIban,
  legalGapsMessage,
  type StudioLegalDetails,
  studioLegalGaps,
} from "./legal-identity";
import { bicInput, countryInput, ibanInput, paymentLinkInput, vatIdInput } from "./legal-inputs";

const complete: StudioLegalDetails = {
  legalName: "Atelier Studio SRL",
  address: "Rue de la Loi 16",
  postcode: "1000",
  city: "Brussels",
  country: "BE",
  taxNumber: "",
  vatId: "BE0123456749",
  iban: "BE71096123456769",
  paymentLink: "",
};

describe("the studio's legal details", () => {
  it("checks IBANs by their check digits, with or without spaces", () => {
    expect(isIban("BE71096123456769")).toBe(true);
    expect(isIban("DE89370400440532013000")).toBe(true);
    expect(isIban("BE71096123456768")).toBe(false);
    expect(isIban("BE71")).toBe(false);
    expect(ibanInput.parse("be71 0961 2345 6769")).toBe("BE71096123456769");
    expect(ibanInput.parse("")).toBe("");
    expect(formatIban("BE71096123456769")).toBe("BE71 0961 2345 6769");
    expect(ibanInput.parse(formatIban("DE89370400440532013000"))).toBe("DE89370400440532013000");
    expect(ibanInput.safeParse("GB00 0000 0000 0000 0000 00").success).toBe(false);
  });

  it("takes BICs of 8 or 11 characters, VAT IDs with their country's letters, https payment links", () => {
    expect(bicInput.parse("gebabebb")).toBe("GEBABEBB");
    expect(bicInput.parse("DEUTDEFF500")).toBe("DEUTDEFF500");
    expect(bicInput.safeParse("GEBABE").success).toBe(false);
    expect(vatIdInput.parse("be 0123.456.749")).toBe("BE0123456749");
    expect(vatIdInput.parse("EL094259216")).toBe("EL094259216");
    expect(vatIdInput.safeParse("0123456749").success).toBe(false);
    expect(paymentLinkInput.safeParse("https://pay.example.com/atelier").success).toBe(true);
    expect(paymentLinkInput.safeParse("http://pay.example.com").success).toBe(false);
    expect(paymentLinkInput.safeParse("javascript:alert(1)").success).toBe(false);
  });

  it("takes countries from ISO 3166's list only", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(countryInput.safeParse("BE").success).toBe(true);
    expect(countryInput.safeParse("").success).toBe(true);
    expect(countryInput.safeParse("XX").success).toBe(false);
    expect(countryInput.safeParse("be").success).toBe(false);
  });

  it("names what is missing before an invoice may be sent", () => {
    expect(studioLegalGaps(complete)).toEqual([]);
    expect(studioLegalGaps({ ...complete, vatId: "", taxNumber: "0123.456.749" })).toEqual([]);
    expect(studioLegalGaps({ ...complete, iban: "", paymentLink: "https://pay.example.com" })).toEqual([]);
    const empty = Object.fromEntries(Object.keys(complete).map((k) => [k, " "])) as unknown as StudioLegalDetails;
    expect(studioLegalGaps(empty)).toEqual(["legal name", "address", "country", "VAT or tax ID", "bank details (IBAN) or payment link"]);
    expect(legalGapsMessage(["country"])).toBe("An invoice is a legal document: add the studio's country on Billing before sending it.");
    expect(legalGapsMessage(["legal name", "country", "VAT or tax ID"])).toBe(
      "An invoice is a legal document: add the studio's legal name, country and VAT or tax ID on Billing before sending it.",
    );
  });

  it("asks the studio's VAT ID itself, not a tax number, of an intra-community supply", () => {
    const taxNumberOnly = { ...complete, vatId: "", taxNumber: "0123.456.749" };
    expect(studioLegalGaps(taxNumberOnly, ["standard", "reverse_charge"])).toEqual([]);
    expect(studioLegalGaps(taxNumberOnly, ["intra_community"])).toEqual(["VAT ID (an intra-community supply needs it)"]);
  });

  it("names what is missing of the buyer: address and country always, VAT ID where the category asks it", () => {
    const buyer = { address: "Rue Haute 1", city: "Brussels", country: "BE", vatId: "" };
    expect(buyerLegalGaps(buyer, ["standard", "exempt"])).toEqual([]);
    expect(buyerLegalGaps({ ...buyer, city: " " }, [])).toEqual(["address"]);
    expect(buyerLegalGaps({ ...buyer, address: "", country: "" }, ["standard"])).toEqual(["address", "country"]);
    expect(buyerLegalGaps(buyer, ["standard", "reverse_charge"])).toEqual(["VAT ID (a reverse charge invoice needs it)"]);
    expect(buyerLegalGaps({ ...buyer, vatId: "BE0123456749" }, ["intra_community"])).toEqual([]);
    expect(buyerGapsMessage("Acme", ["address", "country"])).toBe(
      "An invoice is a legal document: add Acme's address and country on its business page before sending it.",
    );
  });
});
