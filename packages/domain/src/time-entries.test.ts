import { describe, expect, it } from "vitest";
import { INVOICE_LINE_DESCRIPTION_MAX_LENGTH } from "./invoices";
import {
  type BillableTime,
  dayStartsAt,
  elapsedMinutes,
  formatMinutes,
  manualEntryStart,
  readDuration,
  TIME_ENTRY_MAX_MINUTES,
  timeAmount,
  timeInvoiceLines,
  unratedPeople,
  weekDays,
  weekStart,
} from "./time-entries";
import { timeTextInput } from "./time-inputs";

const at = (iso: string) => new Date(iso);

function entry(over: Partial<BillableTime>): BillableTime {
  return {
    id: "e1",
    projectId: "p1",
    projectTitle: "Spring poster",
    userId: "u1",
    personName: "Ana",
    minutes: 60,
    rate: 6000,
    note: "",
    startedAt: at("2026-11-23T09:00:00Z"),
    ...over,
  };
}

describe("elapsed time", () => {
  it("counts whole minutes, at least one, at most a day", () => {
    expect(elapsedMinutes(at("2026-11-23T09:00:00Z"), at("2026-11-23T10:29:31Z"))).toBe(90);
    expect(elapsedMinutes(at("2026-11-23T09:00:00Z"), at("2026-11-23T09:00:10Z"))).toBe(1);
    expect(elapsedMinutes(at("2026-11-23T09:00:00Z"), at("2026-11-25T09:00:00Z"))).toBe(TIME_ENTRY_MAX_MINUTES);
  });

  it("reads as hours and minutes", () => {
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(120)).toBe("2 h");
    expect(formatMinutes(210)).toBe("3 h 30 min");
  });

  it("reads typed durations, and refuses what it cannot read", () => {
    expect(readDuration("90")).toBe(90);
    expect(readDuration("1:30")).toBe(90);
    expect(readDuration("1h30")).toBe(90);
    expect(readDuration("1.5h")).toBe(90);
    expect(readDuration("1,25 h")).toBe(75);
    expect(readDuration("2 h 15 min")).toBe(135);
    expect(readDuration("45 min")).toBe(45);
    for (const bad of ["", "abc", "1:75", "-5", "1h75", "1e3"]) expect(readDuration(bad)).toBeUndefined();
    expect(timeTextInput.safeParse("25:00").success).toBe(false);
    expect(timeTextInput.safeParse("0").error?.issues[0]?.message).toBe("Log at least a minute.");
    expect(timeTextInput.parse(" 1:05 ")).toBe(65);
  });
});

describe("weeks and days in a time zone", () => {
  it("finds the Monday of a week across a month and a year end", () => {
    expect(weekStart("2026-11-29")).toBe("2026-11-23");
    expect(weekStart("2026-11-23")).toBe("2026-11-23");
    expect(weekStart("2027-01-01")).toBe("2026-12-28");
    expect(weekDays("2026-12-28")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
  });

  it("starts a day at its midnight in the zone, summer time included", () => {
    expect(dayStartsAt("2026-11-23", "Europe/Brussels").toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(dayStartsAt("2026-07-01", "Europe/Brussels").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(dayStartsAt("2026-11-23", "Pacific/Auckland").toISOString()).toBe("2026-11-22T11:00:00.000Z");
    expect(manualEntryStart("2026-11-23", "America/Los_Angeles").toISOString()).toBe("2026-11-23T20:00:00.000Z");
  });
});

describe("time into invoice lines", () => {
  it("prices a line's whole duration once, rounded half up to a minor unit", () => {
    // 20 minutes at 10.00 an hour is 3.333…: 3.33; three such entries on one line are 60 minutes, 10.00, not 9.99.
    expect(timeAmount(20, 1000)).toBe(333);
    const entries = ["a", "b", "c"].map((id) => entry({ id, minutes: 20, rate: 1000 }));
    const [line] = timeInvoiceLines(entries, "project-person", "EUR");
    expect(line).toMatchObject({ quantity: 1, unitAmount: 1000, projectId: "p1", entryIds: ["a", "b", "c"] });
    expect(line?.description).toBe("Spring poster: Ana, 1 h at €10.00 an hour");
    expect(timeAmount(1, 30)).toBe(1); // half a cent rounds up
  });

  it("groups by project, person and rate, in that order; one line per entry when asked", () => {
    const entries = [
      entry({ id: "1", projectId: "p2", projectTitle: "Menu", personName: "Ben", userId: "u2", minutes: 30 }),
      entry({ id: "2", minutes: 90 }),
      entry({ id: "3", minutes: 30, startedAt: at("2026-11-24T09:00:00Z"), note: "Proof fixes" }),
      entry({ id: "4", minutes: 60, rate: 8000 }),
      entry({ id: "5", projectId: "p2", projectTitle: "Menu", personName: "Ana", minutes: 15 }),
    ];
    const grouped = timeInvoiceLines(entries, "project-person", "EUR");
    expect(grouped.map((l) => [l.description, l.unitAmount, l.entryIds])).toEqual([
      ["Menu: Ana, 15 min at €60.00 an hour", 1500, ["5"]],
      ["Menu: Ben, 30 min at €60.00 an hour", 3000, ["1"]],
      ["Spring poster: Ana, 2 h at €60.00 an hour", 12000, ["2", "3"]],
      ["Spring poster: Ana, 1 h at €80.00 an hour", 8000, ["4"]],
    ]);
    const perEntry = timeInvoiceLines(entries, "entry", "EUR", "Europe/Brussels");
    expect(perEntry).toHaveLength(5);
    expect(perEntry.find((l) => l.entryIds[0] === "3")?.description).toBe(
      "Spring poster: Ana, 2026-11-24, 30 min at €60.00 an hour (Proof fixes)",
    );
    // The lines' sum is the sum of each line's own rounding, never a figure no line shows.
    expect(perEntry.reduce((s, l) => s + l.unitAmount, 0)).toBe(1500 + 3000 + 9000 + 3000 + 8000);
  });

  it("keeps a long note within what a line may say", () => {
    const [line] = timeInvoiceLines([entry({ note: "n".repeat(600) })], "entry", "EUR");
    expect(line?.description.length).toBe(INVOICE_LINE_DESCRIPTION_MAX_LENGTH);
    expect(line?.description.endsWith("…")).toBe(true);
  });

  it("names the people without a rate", () => {
    expect(unratedPeople([entry({ rate: 0, personName: "Ben" }), entry({}), entry({ rate: 0, personName: "Ben" })])).toEqual(["Ben"]);
  });
});
