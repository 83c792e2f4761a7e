import { describe, expect, it } from "vitest";
import { addWorkingDays, isWeekend, nextDay, TURNAROUND_MAX_DAYS, workingDaysBetween } from "./working-days";

describe("working days", () => {
  it("crosses month and year ends and leap days as calendar days", () => {
    expect(nextDay("2026-11-30")).toBe("2026-12-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(isWeekend("2026-11-28")).toBe(true);
    expect(isWeekend("2026-11-30")).toBe(false);
  });

  it("counts three working days from a Wednesday to the Monday after, skipping the weekend", () => {
    expect(addWorkingDays("2026-11-25", 3)).toBe("2026-11-30");
    expect(addWorkingDays("2026-11-23", 3)).toBe("2026-11-26");
    // From a Saturday: Monday is the first working day.
    expect(addWorkingDays("2026-11-28", 1)).toBe("2026-11-30");
    expect(addWorkingDays("2026-11-28", 0)).toBe("2026-11-30");
    expect(addWorkingDays("2026-11-25", 0)).toBe("2026-11-25");
  });

  it("skips the studio's days off, a month end among them", () => {
    const off = ["2026-12-24", "2026-12-25", "2026-12-31", "2027-01-01"];
    expect(addWorkingDays("2026-12-23", 2, off)).toBe("2026-12-29");
    expect(addWorkingDays("2026-12-30", 1, off)).toBe("2027-01-04");
    expect(workingDaysBetween("2026-12-23", "2027-01-04", off)).toBe(4);
    expect(workingDaysBetween("2026-12-23", "2026-12-23", off)).toBe(0);
  });

  it("reads an instant on the studio's day in its time zone", () => {
    // Friday 23:30 in New York is Saturday in UTC: for the studio there, a request then is still Friday's.
    const late = new Date("2026-11-28T04:30:00Z");
    expect(addWorkingDays(late, 0, [], "America/New_York")).toBe("2026-11-27");
    expect(addWorkingDays(late, 0, [], "UTC")).toBe("2026-11-30");
    // Monday 00:30 in Auckland is Sunday in UTC: one working day from Monday is Tuesday.
    const early = new Date("2026-11-29T11:30:00Z");
    expect(addWorkingDays(early, 1, [], "Pacific/Auckland")).toBe("2026-12-01");
    expect(addWorkingDays(early, 1, [], "UTC")).toBe("2026-11-30");
  });

  it("refuses a turnaround out of range", () => {
    expect(() => addWorkingDays("2026-11-25", -1)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-11-25", 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-11-25", TURNAROUND_MAX_DAYS + 1)).toThrow(RangeError);
    expect(addWorkingDays("2026-01-01", TURNAROUND_MAX_DAYS)).toBe("2026-12-31");
  });
});
