// workload.*: the studio's plan, person by person: active projects, overdue ones, rounds of changes; and its hours
// (docs/workload.md, "Hours"): by person and week, time logged and time the open projects' services still imply,
// against each person's hours a week.
import { activeStaff, estimatedProjects, loggedByWeek, setWeeklyCapacity, studioCalendar, workloadProjects } from "@atelier/db";
import { addDays, capacityPlan, DomainError, dayIn, idInput, WEEKLY_CAPACITY_MAX, weeksFrom, workloadPlan } from "@atelier/domain";
import { z } from "zod";
import { adminProcedure, router, staffProcedure } from "../trpc";

/** The weeks the hours show: last week, this week and the two after. */
const WEEKS = 4;

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

  /** Each person's weeks: minutes logged, minutes their open projects' services still imply, their hours a week. */
  hours: staffProcedure.query(async ({ ctx }) => {
    const calendar = await studioCalendar(ctx.db);
    const today = dayIn(ctx.now(), calendar.timeZone);
    const weeks = weeksFrom(addDays(today, -7), WEEKS);
    const daysOff = calendar.daysOff.map((d) => d.day);
    const [people, logged, projects] = await Promise.all([
      activeStaff(ctx.db),
      loggedByWeek(ctx.db, { fromDay: weeks[0]!, toDay: addDays(weeks.at(-1)!, 7), timeZone: calendar.timeZone }),
      estimatedProjects(ctx.db, calendar.timeZone),
    ]);
    const plan = capacityPlan(people, logged, projects, weeks, today, daysOff);
    return {
      weeks,
      thisWeek: weeks[1]!,
      people: plan.map((row) => ({ ...row, person: people.find((p) => p.id === row.personId)! })),
      // Estimated work nobody has yet.
      unassignedMinutes: projects
        .filter((p) => p.assigneeId === null)
        .reduce((sum, p) => sum + Math.max(0, p.estimateMinutes - p.loggedMinutes), 0),
    };
  }),

  /** An admin sets a person's hours a week (minutes). */
  setCapacity: adminProcedure
    .input(
      z.object({ userId: idInput, minutes: z.number().int().min(0).max(WEEKLY_CAPACITY_MAX, "No one works more than a week's minutes.") }),
    )
    .mutation(async ({ ctx, input }) => {
      if (!(await setWeeklyCapacity(ctx.db, input.userId, input.minutes))) throw new DomainError("NOT_FOUND", "No such person.");
      return { userId: input.userId, minutes: input.minutes };
    }),
});
