import { describe, expect, it } from "vitest";
import { retainerInput } from "./retainer-inputs";
import { monthLabel, nextMonth, overageAmount, type RetainerTerms, retainerInvoiceLines, retainerMonths } from "./retainers";

const usage = (entries: Record<string, number>) => new Map(Object.entries(entries));
const terms = (rollover: RetainerTerms["rollover"]) => ({ allowance: 10, startsOn: "2026-09-15", rollover });
const pick = (months: ReturnType<typeof retainerMonths>) => months.map((m) => [m.month, m.carriedIn, m.available, m.used, m.left, m.over]);

describe("retainerMonths", () => {
  it("counts calendar months from the start's month, across a year end, and none before it", () => {
    expect(retainerMonths(terms("none"), usage({}), "2027-01").map((m) => m.month)).toEqual([
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
    ]);
    expect(retainerMonths(terms("none"), usage({}), "2026-08")).toEqual([]);
    expect(nextMonth("2026-12")).toBe("2027-01");
    expect(monthLabel("2027-02")).toBe("February 2027");
  });

  it("lets what is left lapse", () => {
    const months = retainerMonths(terms("none"), usage({ "2026-09": 4, "2026-10": 12 }), "2026-11");
    expect(pick(months)).toEqual([
      ["2026-09", 0, 10, 4, 6, 0],
      ["2026-10", 0, 10, 12, 0, 2],
      ["2026-11", 0, 10, 0, 10, 0],
    ]);
  });

  it("carries what is left of a month's own allowance into the next month only, used before the month's own", () => {
    const months = retainerMonths(terms("next_month"), usage({ "2026-09": 4, "2026-10": 3, "2026-11": 20 }), "2026-12");
    expect(pick(months)).toEqual([
      // 6 left of September's own.
      ["2026-09", 0, 10, 4, 6, 0],
      // October uses 3 of September's 6 first: all 10 of its own are left, and carry; September's other 3 lapse.
      ["2026-10", 6, 16, 3, 13, 0],
      ["2026-11", 10, 20, 20, 0, 0],
      ["2026-12", 0, 10, 0, 10, 0],
    ]);
  });

  it("keeps carrying what is left, and going over carries nothing", () => {
    const months = retainerMonths(terms("always"), usage({ "2026-09": 4, "2026-10": 3, "2026-11": 40 }), "2026-12");
    expect(pick(months)).toEqual([
      ["2026-09", 0, 10, 4, 6, 0],
      ["2026-10", 6, 16, 3, 13, 0],
      ["2026-11", 13, 23, 40, 0, 17],
      ["2026-12", 0, 10, 0, 10, 0],
    ]);
  });
});

describe("a retainer's invoice", () => {
  const requests: RetainerTerms = {
    unit: "requests",
    allowance: 10,
    startsOn: "2026-09-01",
    rollover: "none",
    rate: 35000,
    monthlyFee: 250000,
    currency: "EUR",
  };
  const month = { month: "2026-11", allowance: 10, carriedIn: 0, available: 10, used: 12, left: 0, over: 2 };

  it("bills the month's fee and the requests over at the rate", () => {
    expect(retainerInvoiceLines(requests, month)).toEqual([
      { description: "Retainer, November 2026: 10 requests a month", quantity: 1, unitAmount: 250000 },
      { description: "Requests over the retainer, November 2026, at €350.00 each", quantity: 2, unitAmount: 35000 },
    ]);
    expect(retainerInvoiceLines({ ...requests, monthlyFee: 0 }, { ...month, over: 0 })).toEqual([]);
  });

  it("bills hours over at the hourly rate, rounded once in minor units", () => {
    const hours: RetainerTerms = { ...requests, unit: "hours", allowance: 600, rate: 9000, monthlyFee: 0 };
    // 100 minutes at €90.00 an hour: 150.00 exactly; 7 minutes: 10.50; 1 minute: 1.50.
    expect(overageAmount(hours, 100)).toBe(15000);
    expect(overageAmount({ unit: "hours", rate: 9999 }, 1)).toBe(167);
    expect(retainerInvoiceLines(hours, { ...month, over: 100 })).toEqual([
      { description: "1 h 40 min over the retainer, November 2026, at €90.00 an hour", quantity: 1, unitAmount: 15000 },
    ]);
  });

  it("refuses an allowance beyond its unit's bound", () => {
    const base = { unit: "requests", allowance: 10, startsOn: "2026-09-01", rollover: "none", rate: 100, currency: "EUR" };
    expect(retainerInput.safeParse(base).success).toBe(true);
    expect(retainerInput.safeParse({ ...base, allowance: 1001 }).success).toBe(false);
    expect(retainerInput.safeParse({ ...base, unit: "hours", allowance: 1001 * 60 }).success).toBe(false);
    expect(retainerInput.safeParse({ ...base, allowance: 0 }).success).toBe(false);
  });
});
