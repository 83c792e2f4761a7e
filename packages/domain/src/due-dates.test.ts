import { describe, expect, it } from "vitest";
import { addDays, utcDay } from "./calendar";
import { dueWhen, isDueDateInRange, isProjectOverdue, isProofOverdue, weekOf } from "./due-dates";
import { PROJECT_STAGE_VALUES } from "./projects";

describe("isDueDateInRange", () => {
  it.each([
    ["2026-12-01", true],
    ["2000-01-01", true],
    ["2099-12-31", true],
    ["2028-02-29", true],
    ["2027-02-29", false],
    ["2026-13-01", false],
    ["2026-04-31", false],
    ["1999-12-31", false],
    ["2100-01-01", false],
    ["20266-01-01", false],
    ["2026-1-1", false],
    ["", false],
  ])("%s: %s", (date, ok) => {
    expect(isDueDateInRange(date)).toBe(ok);
  });
});

describe("utcDay", () => {
  it("is the UTC calendar day of an instant, whatever the hour", () => {
    expect(utcDay(new Date("2026-11-25T00:00:00Z"))).toBe("2026-11-25");
    expect(utcDay(new Date("2026-11-25T23:59:59.999Z"))).toBe("2026-11-25");
    expect(utcDay(new Date("2026-11-25T23:30:00-05:00"))).toBe("2026-11-26");
  });
});

describe("addDays", () => {
  it("counts days across months and years", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });
});

describe("isProjectOverdue", () => {
  const today = "2026-11-25";
  const active = { stage: "in_progress" as const, archived: false };
  it.each([
    ["due yesterday", "2026-11-24", true],
    ["due long ago", "2025-01-01", true],
    ["due today: not late yet", "2026-11-25", false],
    ["due tomorrow", "2026-11-26", false],
    ["no due date", null, false],
  ])("%s", (_name, dueOn, overdue) => {
    expect(isProjectOverdue({ ...active, dueOn }, today)).toBe(overdue);
  });

  it.each(PROJECT_STAGE_VALUES)("past due in stage %s: overdue unless delivered", (stage) => {
    expect(isProjectOverdue({ dueOn: "2026-11-01", stage, archived: false }, today)).toBe(stage !== "delivered");
  });

  it("an archived project is never overdue", () => {
    expect(isProjectOverdue({ dueOn: "2026-11-01", stage: "approved", archived: true }, today)).toBe(false);
  });
});

describe("isProofOverdue", () => {
  it.each([
    ["sent", "2026-11-24", true],
    ["sent", "2026-11-25", false],
    ["sent", null, false],
    ["changes_requested", "2026-11-01", false],
    ["approved", "2026-11-01", false],
    ["superseded", "2026-11-01", false],
  ] as const)("%s, answer by %s: %s", (status, dueOn, overdue) => {
    expect(isProofOverdue({ status, dueOn }, "2026-11-25")).toBe(overdue);
  });
});

describe("weekOf (weeks start on Monday)", () => {
  it.each([
    ["a Monday", "2026-11-23", "2026-11-23", "2026-11-29"],
    ["a Wednesday", "2026-11-25", "2026-11-23", "2026-11-29"],
    ["a Sunday", "2026-11-29", "2026-11-23", "2026-11-29"],
    ["across a month", "2026-12-02", "2026-11-30", "2026-12-06"],
    ["across a year", "2027-01-01", "2026-12-28", "2027-01-03"],
    ["across a leap day", "2028-03-01", "2028-02-28", "2028-03-05"],
  ])("%s", (_name, day, start, end) => {
    expect(weekOf(day)).toEqual({ start, end });
  });
});

describe("dueWhen", () => {
  // Wednesday 25 November 2026: this week runs to Sunday the 29th, next week from the 30th to 6 December.
  const today = "2026-11-25";
  it.each([
    ["2026-11-24", "overdue"],
    ["2026-11-23", "overdue"],
    ["2026-11-25", "this_week"],
    ["2026-11-29", "this_week"],
    ["2026-11-30", "next_week"],
    ["2026-12-06", "next_week"],
    ["2026-12-07", "later"],
  ] as const)("%s is %s", (dueOn, when) => {
    expect(dueWhen(dueOn, today)).toBe(when);
  });

  it("on a Sunday, tomorrow is already next week", () => {
    expect(dueWhen("2026-11-30", "2026-11-29")).toBe("next_week");
    expect(dueWhen("2026-11-29", "2026-11-29")).toBe("this_week");
  });
});
