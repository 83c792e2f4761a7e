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
