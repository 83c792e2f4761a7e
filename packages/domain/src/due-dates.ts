// Due dates of projects and proofs: calendar days (YYYY-MM-DD) read in UTC, when one is late, and the weeks of the plan.
import { addDays } from "./calendar";
import type { ProjectStage } from "./projects";
import type { ProofStatus } from "./proofs";

/** A due date is a calendar day; these bound what anyone may set (a typo such as 0202 or 20266 is refused). */
export const DUE_DATE_MIN = "2000-01-01";
export const DUE_DATE_MAX = "2099-12-31";

/** Whether a YYYY-MM-DD string names a real calendar day within the bounds. */
export function isDueDateInRange(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < DUE_DATE_MIN || date > DUE_DATE_MAX) return false;
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** Stages in which a project no longer has anything due: it has been delivered. */
const DONE_STAGES: readonly ProjectStage[] = ["delivered"];

/**
 * A project is overdue when its due date is before today and it is neither delivered nor archived; due today
 * is not late yet. The SQL mirror is the `overdueOn` filter of projectPageQuery in @atelier/db
 * (`due_on < today and not archived and stage <> 'delivered'`): change both together.
 */
export function isProjectOverdue(project: { dueOn: string | null; stage: ProjectStage; archived: boolean }, today: string): boolean {
  return project.dueOn !== null && project.dueOn < today && !project.archived && !DONE_STAGES.includes(project.stage);
}

/** The stages a project overdue filter leaves out (for the SQL mirror of isProjectOverdue). */
export const NOT_DUE_STAGES = DONE_STAGES;

/** A proof is overdue when it still waits for the client's answer (sent) and its answer-by date is before today. */
export function isProofOverdue(proof: { dueOn: string | null; status: ProofStatus }, today: string): boolean {
  return proof.status === "sent" && proof.dueOn !== null && proof.dueOn < today;
}

/** The week (Monday to Sunday, both YYYY-MM-DD) that holds a calendar day. */
export function weekOf(day: string): { start: string; end: string } {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: Monday 0 … Sunday 6.
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const start = addDays(day, -sinceMonday);
  return { start, end: addDays(start, 6) };
}

export type DueWhen = "overdue" | "this_week" | "next_week" | "later";

export const DUE_WHEN_LABELS: Record<DueWhen, string> = {
  overdue: "Overdue",
  this_week: "Due this week",
  next_week: "Due next week",
  later: "Due later",
};

/** Where a due date falls seen from today: before today, the rest of this week, next week, or after. */
export function dueWhen(dueOn: string, today: string): DueWhen {
  if (dueOn < today) return "overdue";
  const thisWeek = weekOf(today);
  if (dueOn <= thisWeek.end) return "this_week";
  if (dueOn <= addDays(thisWeek.end, 7)) return "next_week";
  return "later";
}

/**
 * "Friday 4 December": a deadline as mail and pages name it, the day itself (a calendar day has no zone). Here, with
 * the other rules of due days, so the bell that shows it brings no form rules (zod) along.
 */
export function deadlineLabel(dueOn: string): string {
  const [y = 0, m = 1, d = 1] = dueOn.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
