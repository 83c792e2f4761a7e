import { describe, expect, it } from "vitest";
import { epcPayload } from "./epc-qr";

const transfer = {
  name: "Atelier Demo Studio SRL",
  iban: "BE71096123456769",
  bic: "GEBABEBB",
  currency: "EUR",
  amount: 123_456,
  text: "Invoice INV-2026-0007",
};

describe("epcPayload", () => {
  it("writes a SEPA transfer as EPC069-12 version 002 lays it out", () => {
    expect(epcPayload(transfer)?.split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "GEBABEBB",
      "Atelier Demo Studio SRL",
      "BE71096123456769",
      "EUR1234.56",
      "",
      "",
      "Invoice INV-2026-0007",
    ]);
    expect(epcPayload({ ...transfer, amount: 5 })).toContain("\nEUR0.05\n");
  });

  it("makes none for other currencies, no IBAN, or nothing to pay; keeps names and texts within their lengths", () => {
    expect(epcPayload({ ...transfer, currency: "USD" })).toBeNull();
    expect(epcPayload({ ...transfer, iban: "" })).toBeNull();
    expect(epcPayload({ ...transfer, amount: 0 })).toBeNull();
    expect(epcPayload({ ...transfer, amount: 100_000_000_000 })).toBeNull();
    const long = epcPayload({ ...transfer, name: "N".repeat(90), text: "T ".repeat(100) })!.split("\n");
    expect(long[5]).toHaveLength(70);
    expect(long[10]!.length).toBeLessThanOrEqual(140);
    // Within the 331 bytes the standard allows, even at its longest.
    expect(Buffer.byteLength(epcPayload({ ...transfer, name: "Ł".repeat(70), text: "Ω".repeat(140) })!, "utf8")).toBeLessThanOrEqual(331);
  });
});
