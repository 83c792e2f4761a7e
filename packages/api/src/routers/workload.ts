// workload.*: the studio's plan, person by person: active projects, overdue ones, rounds of changes.
import { activeStaff, workloadProjects } from "@atelier/db";
import { workloadPlan } from "@atelier/domain";
import { router, staffProcedure } from "../trpc";

export const workloadRouter = router({
  plan: staffProcedure.query(async ({ ctx }) => {
    const [people, projects] = await Promise.all([activeStaff(ctx.db), workloadProjects(ctx.db)]);
    const plan = workloadPlan(people, projects, ctx.now());
    const rows = plan.map(({ personId, projects: planned, ...counts }) => ({
      person: people.find((p) => p.id === personId) ?? null,
      ...counts,
      projects: planned.map(({ project, ...how }) => ({ ...project, ...how })),
    }));
    return { people: rows.filter((r) => r.person !== null), unassigned: rows.find((r) => r.person === null)! };
  }),
});
