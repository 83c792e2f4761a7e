import { describe, expect, it } from "vitest";
import type { ChainReviewer } from "./approval-chains";
import { deadlineLabel } from "./due-dates";
import { roundDeadlinesInput } from "./review-deadline-inputs";
import { dayIn, deadlinePassed, deadlineRefusal, pendingDeciders, reviewReminderDue, roundDueNow, stepDueOn } from "./review-deadlines";

describe("dayIn", () => {
  it("reads one instant as each zone's own day", () => {
    const instant = new Date("2026-11-27T23:30:00Z");
    expect(dayIn(instant, "UTC")).toBe("2026-11-27");
    expect(dayIn(instant, "Asia/Tokyo")).toBe("2026-11-28");
    expect(dayIn(instant, "America/Los_Angeles")).toBe("2026-11-27");
    expect(dayIn(new Date("2026-11-28T07:59:00Z"), "America/Los_Angeles")).toBe("2026-11-27");
    expect(dayIn(new Date("2026-11-28T08:00:00Z"), "America/Los_Angeles")).toBe("2026-11-28");
  });
});

describe("reviewReminderDue", () => {
  it("is due the day before and on the day, in the person's zone, and never once past", () => {
    // Friday 2026-11-27, 16:00 UTC: Thursday evening nowhere, Saturday 01:00 in Tokyo.
    const at = new Date("2026-11-27T16:00:00Z");
    expect(reviewReminderDue("2026-11-28", at, "Europe/Paris")).toBe("day_before");
    expect(reviewReminderDue("2026-11-28", at, "Asia/Tokyo")).toBe("due_today");
    expect(reviewReminderDue("2026-11-27", at, "Asia/Tokyo")).toBeNull();
    expect(reviewReminderDue("2026-11-30", at, "Europe/Paris")).toBeNull();
  });

  it("counts calendar days across a change of clocks", () => {
    // Europe's clocks went back on 2026-10-25 (Berlin at UTC+1 from then): 23:30 UTC is already the 26th there,
    // 22:30 UTC still the 25th.
    expect(reviewReminderDue("2026-10-26", new Date("2026-10-25T23:30:00Z"), "Europe/Berlin")).toBe("due_today");
    expect(reviewReminderDue("2026-10-26", new Date("2026-10-25T22:30:00Z"), "Europe/Berlin")).toBe("day_before");
  });
});

describe("pendingDeciders", () => {
  const r = (email: string, step: number, decision: ChainReviewer["decision"] = null, role: ChainReviewer["role"] = "approver") => ({
    email,
    role,
    step,
    decision,
  });
  const round = { dueOn: "2026-12-04", steps: [{ step: 2, dueOn: "2026-12-08" }] };

  it("names the current step's approvers who have not decided, each by their step's day or the round's", () => {
    const chain = [r("ana@a.test", 1, "approved"), r("bo@a.test", 1), r("rev@a.test", 1, null, "reviewer"), r("lee@l.test", 2)];
    expect(pendingDeciders(chain, round).map((p) => [p.reviewer.email, p.dueOn])).toEqual([["bo@a.test", "2026-12-04"]]);
    const next = chain.map((x) => (x.email === "bo@a.test" ? { ...x, decision: "approved" as const } : x));
    expect(pendingDeciders(next, round).map((p) => [p.reviewer.email, p.dueOn])).toEqual([["lee@l.test", "2026-12-08"]]);
  });

  it("names nobody on a decided round, a round without approvers, or one without a day", () => {
    expect(pendingDeciders([r("ana@a.test", 1, "changes_required"), r("bo@a.test", 1)], round)).toEqual([]);
    expect(pendingDeciders([r("rev@a.test", 1, null, "reviewer")], round)).toEqual([]);
    expect(pendingDeciders([r("ana@a.test", 1)], { dueOn: null, steps: [] })).toEqual([]);
  });

  it("takes a step's own day over the round's", () => {
    expect(stepDueOn(2, round)).toBe("2026-12-08");
    expect(stepDueOn(1, round)).toBe("2026-12-04");
  });
});

describe("roundDueNow and the lock at the deadline", () => {
  const r = (email: string, step: number, decision: ChainReviewer["decision"] = null) => ({
    email,
    role: "approver" as const,
    step,
    decision,
  });
  const round = { dueOn: "2026-12-04", steps: [{ step: 2, dueOn: "2026-12-08" }] };

  it("follows the current step, the round's own day without a chain, and nothing once decided", () => {
    expect(roundDueNow([], round)).toBe("2026-12-04");
    expect(roundDueNow([r("a@a.test", 1), r("b@b.test", 2)], round)).toBe("2026-12-04");
    expect(roundDueNow([r("a@a.test", 1, "approved"), r("b@b.test", 2)], round)).toBe("2026-12-08");
    expect(roundDueNow([r("a@a.test", 1, "approved"), r("b@b.test", 2, "approved")], round)).toBeNull();
    expect(roundDueNow([r("a@a.test", 1, "changes_required"), r("b@b.test", 2)], round)).toBeNull();
  });

  it("passes after the day, not on it", () => {
    expect(deadlinePassed("2026-12-04", "2026-12-04")).toBe(false);
    expect(deadlinePassed("2026-12-04", "2026-12-05")).toBe(true);
    expect(deadlinePassed(null, "2099-01-01")).toBe(false);
  });

  it("refuses decisions only on a round that locks, once its deadline passed, naming the day", () => {
    const locking = { round: 2, lockAtDeadline: true };
    expect(deadlineRefusal(locking, "2026-12-04", "2026-12-04")).toBeNull();
    expect(deadlineRefusal(locking, "2026-12-04", "2026-12-05")).toBe(
      "Round 2 closed for decisions at its deadline, Friday 4 December. Ask the studio to move the deadline.",
    );
    expect(deadlineRefusal({ round: 2, lockAtDeadline: false }, "2026-12-04", "2026-12-05")).toBeNull();
    expect(deadlineRefusal(locking, null, "2026-12-05")).toBeNull();
    expect(deadlineLabel("2027-01-01")).toBe("Friday 1 January");
  });

  it("takes one deadline per step, real days only", () => {
    expect(roundDeadlinesInput.parse({ dueOn: null })).toEqual({ dueOn: null, steps: [], lockAtDeadline: false });
    expect(roundDeadlinesInput.safeParse({ dueOn: "2026-02-30" }).success).toBe(false);
    const twice = roundDeadlinesInput.safeParse({
      dueOn: null,
      steps: [
        { step: 1, dueOn: "2026-12-01" },
        { step: 1, dueOn: "2026-12-02" },
      ],
    });
    expect(twice.error?.issues[0]?.message).toBe("Give each step one deadline.");
    expect(roundDeadlinesInput.safeParse({ dueOn: null, steps: [{ step: 21, dueOn: "2026-12-01" }] }).success).toBe(false);
  });
});
