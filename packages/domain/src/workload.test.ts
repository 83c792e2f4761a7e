import { describe, expect, it } from "vitest";
import { planProject, RESPONSE_DAYS, type WorkloadProject, workloadPlan } from "./workload";

const now = new Date("2026-11-25T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const project = (id: string, values: Partial<WorkloadProject> = {}): WorkloadProject => ({
  id,
  assigneeId: null,
  stage: "new",
  lastEventAt: daysAgo(0),
  changeRounds: 0,
  ...values,
});

describe("planProject", () => {
  it.each([
    ["a fresh change request", "modification", 1, false, true],
    ["a change request unanswered too long", "modification", RESPONSE_DAYS + 0.1, true, true],
    ["a brief waiting too long", "briefing", RESPONSE_DAYS + 1, true, false],
    ["a new project waiting too long", "new", RESPONSE_DAYS + 1, true, false],
    ["an approved project, however old", "approved", 30, false, false],
    ["exactly at the limit", "reopened", RESPONSE_DAYS, false, false],
  ] as const)("%s", (_name, stage, age, overdue, inChanges) => {
    expect(planProject(project("p", { stage, lastEventAt: daysAgo(age) }), now)).toMatchObject({ overdue, inChanges });
  });
});

describe("workloadPlan", () => {
  it("counts each person's active, overdue and in-changes projects, overdue first, then the unassigned", () => {
    const plan = workloadPlan(
      [{ id: "dora" }, { id: "dan" }],
      [
        project("p1", { assigneeId: "dora", stage: "approved" }),
        project("p2", { assigneeId: "dora", stage: "modification", lastEventAt: daysAgo(5), changeRounds: 2 }),
        project("p3", { assigneeId: "dora", stage: "modification" }),
        project("p4"),
        project("p5", { assigneeId: "someone-who-left" }),
      ],
      now,
    );
    expect(plan.map((p) => [p.personId, p.active, p.overdue, p.inChanges])).toEqual([
      ["dora", 3, 1, 2],
      ["dan", 0, 0, 0],
      [null, 2, 0, 0],
    ]);
    expect(plan[0]?.projects.map((p) => p.project.id)).toEqual(["p2", "p3", "p1"]);
    expect(plan[2]?.projects.map((p) => p.project.id)).toEqual(["p4", "p5"]);
  });
});

describe("due dates in the plan (today Wednesday 25 November 2026, UTC; weeks from Monday)", () => {
  const proof = (
    id: string,
    round: number,
    dueOn: string | null,
    status: "sent" | "changes_requested" | "approved" | "superseded" = "sent",
  ) => ({
    id,
    round,
    dueOn,
    status,
  });

  it("marks a project past its due date overdue, not one due today, nor a delivered one", () => {
    expect(planProject(project("p", { stage: "approved", dueOn: "2026-11-24" }), now)).toMatchObject({ overdue: true, pastDue: true });
    expect(planProject(project("p", { stage: "approved", dueOn: "2026-11-25" }), now)).toMatchObject({ overdue: false, pastDue: false });
    expect(planProject(project("p", { stage: "delivered", dueOn: "2026-11-01" }), now)).toMatchObject({ overdue: false, due: [] });
  });

  it("keeps the dates due this week, next week and missed, soonest first, and leaves out later ones and answered proofs", () => {
    const planned = planProject(
      project("p", {
        stage: "proof_sent",
        dueOn: "2026-12-04",
        proofs: [
          proof("r1", 1, "2026-11-20", "superseded"),
          proof("r2", 2, "2026-11-29"),
          proof("r3", 3, "2026-11-23", "changes_requested"),
          proof("r4", 4, "2026-12-20"),
          proof("r5", 5, null),
        ],
      }),
      now,
    );
    expect(planned.due.map((d) => [d.kind, d.id, d.when])).toEqual([
      ["proof", "r2", "this_week"],
      ["project", "p", "next_week"],
    ]);
    expect(planned.overdue).toBe(false);
  });

  it("counts overdue proofs with overdue projects, and what is due this week and next, per person", () => {
    const plan = workloadPlan(
      [{ id: "dora" }],
      [
        project("late-proof", { assigneeId: "dora", stage: "proof_sent", proofs: [proof("x", 1, "2026-11-24")] }),
        project("late", { assigneeId: "dora", stage: "in_progress", dueOn: "2026-11-02" }),
        project("soon", { assigneeId: "dora", stage: "in_progress", dueOn: "2026-11-27", proofs: [proof("y", 1, "2026-12-01")] }),
        project("calm", { assigneeId: "dora", stage: "in_progress" }),
      ],
      now,
    );
    expect(plan[0]).toMatchObject({ active: 4, overdue: 2, dueThisWeek: 1, dueNextWeek: 1, inChanges: 0 });
    expect(plan[0]?.projects.map((p) => p.project.id)).toEqual(["late-proof", "late", "soon", "calm"]);
  });

  it("dates a chained round by its current step's own day, the round's when the step has none", () => {
    const chained = (decided: boolean) => ({
      ...proof("c", 1, "2026-11-24"),
      steps: [{ step: 2, dueOn: "2026-12-02" }],
      reviewers: [
        { email: "a@a.test", role: "approver" as const, step: 1, decision: decided ? ("approved" as const) : null },
        { email: "b@b.test", role: "approver" as const, step: 2, decision: null },
      ],
    });
    const due = (decided: boolean) => planProject(project("p", { stage: "proof_sent", proofs: [chained(decided)] }), now).due;
    expect(due(false)).toEqual([{ kind: "proof", id: "c", round: 1, dueOn: "2026-11-24", when: "overdue" }]);
    expect(due(true)).toEqual([{ kind: "proof", id: "c", round: 1, dueOn: "2026-12-02", when: "next_week" }]);
  });
});
