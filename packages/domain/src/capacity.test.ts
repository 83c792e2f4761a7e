import { describe, expect, it } from "vitest";
import { capacityPlan, impliedByWeek, weeksFrom } from "./capacity";

// Wednesday 25 November 2026; Thursday 26 is a day off.
const today = "2026-11-25";

describe("impliedByWeek", () => {
  const project = { assigneeId: "dora", estimateMinutes: 600, loggedMinutes: 0, startDay: "2026-11-20", dueOn: "2026-12-01" };

  it("spreads what is left of the estimate over the working days from today to the due date, days off skipped", () => {
    // Wed 25, Fri 27 this week (26 is off, 28-29 the weekend); Mon 30, Tue 1 next: 150 minutes a day.
    expect(Object.fromEntries(impliedByWeek(project, today, ["2026-11-26"]))).toEqual({ "2026-11-23": 300, "2026-11-30": 300 });
    // What was logged is done: 120 left over five days, 24 a day.
    expect(Object.fromEntries(impliedByWeek({ ...project, loggedMinutes: 480 }, today))).toEqual({ "2026-11-23": 72, "2026-11-30": 48 });
  });

  it("keeps whole minutes, the remainder on the last day", () => {
    const byWeek = impliedByWeek({ ...project, estimateMinutes: 7, dueOn: "2026-11-27" }, today);
    expect(Object.fromEntries(byWeek)).toEqual({ "2026-11-23": 7 });
    const split = impliedByWeek({ ...project, estimateMinutes: 10 }, today, ["2026-11-26"]);
    expect([...split.values()].reduce((a, b) => a + b, 0)).toBe(10);
  });

  it("puts it all in this week when due already or without a date, in its start week when it starts later", () => {
    expect(Object.fromEntries(impliedByWeek({ ...project, dueOn: "2026-11-20" }, today))).toEqual({ "2026-11-23": 600 });
    expect(Object.fromEntries(impliedByWeek({ ...project, dueOn: null }, today))).toEqual({ "2026-11-23": 600 });
    expect(Object.fromEntries(impliedByWeek({ ...project, startDay: "2026-12-07", dueOn: null }, today))).toEqual({ "2026-12-07": 600 });
    expect(impliedByWeek({ ...project, loggedMinutes: 900 }, today).size).toBe(0);
  });
});

describe("capacityPlan", () => {
  it("adds each person's logged and implied time by week, and says how far over their hours it goes", () => {
    const weeks = weeksFrom(today, 2);
    expect(weeks).toEqual(["2026-11-23", "2026-11-30"]);
    const plan = capacityPlan(
      [
        { id: "dora", weeklyCapacity: 600 },
        { id: "milo", weeklyCapacity: 2400 },
      ],
      new Map([["dora", new Map([["2026-11-23", 480]])]]),
      [
        { assigneeId: "dora", estimateMinutes: 600, loggedMinutes: 0, startDay: "2026-11-20", dueOn: "2026-12-01" },
        { assigneeId: null, estimateMinutes: 600, loggedMinutes: 0, startDay: "2026-11-20", dueOn: null },
      ],
      weeks,
      today,
    );
    expect(plan).toEqual([
      {
        personId: "dora",
        capacity: 600,
        weeks: [
          { week: "2026-11-23", logged: 480, implied: 360, over: 240 },
          { week: "2026-11-30", logged: 0, implied: 240, over: 0 },
        ],
      },
      {
        personId: "milo",
        capacity: 2400,
        weeks: [
          { week: "2026-11-23", logged: 0, implied: 0, over: 0 },
          { week: "2026-11-30", logged: 0, implied: 0, over: 0 },
        ],
      },
    ]);
  });
});
