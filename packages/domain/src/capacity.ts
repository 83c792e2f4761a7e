// Workload from hours (docs/workload.md, "Hours"): for each designer and week, the time logged and the time their
// open projects' services still imply, against the hours a week they have. What a project implies is its service's
// estimate less what was logged on it, spread evenly over the studio's working days from today (or its start, when
// later) through its due date; a project already due, or with no due date, implies it all this week.
import { addDays } from "./calendar";
import { weekOf } from "./due-dates";
import { isWeekend, nextDay } from "./working-days";

/** Minutes in a week: no one has more. */
export const WEEKLY_CAPACITY_MAX = 7 * 24 * 60;
/** A service's estimate at most: 1000 hours. */
export const ESTIMATE_MAX_MINUTES = 1000 * 60;

/** The Mondays of `count` weeks, `today`'s first. */
export function weeksFrom(today: string, count: number): string[] {
  const first = weekOf(today).start;
  return Array.from({ length: count }, (_, i) => addDays(first, i * 7));
}

export interface ImplyingProject {
  assigneeId: string | null;
  /** Its service's estimate (0: none). */
  estimateMinutes: number;
  /** Time logged on it so far, by anyone. */
  loggedMinutes: number;
  /** The day it was started. */
  startDay: string;
  dueOn: string | null;
}

/** What a project still implies, by week (Monday), from `today` on. */
export function impliedByWeek(project: ImplyingProject, today: string, daysOff: Iterable<string> = []): Map<string, number> {
  const remaining = Math.max(0, project.estimateMinutes - project.loggedMinutes);
  const byWeek = new Map<string, number>();
  if (remaining === 0) return byWeek;
  const off = new Set(daysOff);
  const from = project.startDay > today ? project.startDay : today;
  const days: string[] = [];
  if (project.dueOn !== null && project.dueOn >= from) {
    for (let day = from; day <= project.dueOn; day = nextDay(day)) if (!isWeekend(day) && !off.has(day)) days.push(day);
  }
  // Due already, without a date, or due on a day off: it is all this week's (or its start week's) work.
  if (days.length === 0) {
    byWeek.set(weekOf(from).start, remaining);
    return byWeek;
  }
  const each = Math.floor(remaining / days.length);
  days.forEach((day, i) => {
    const share = i === days.length - 1 ? remaining - each * (days.length - 1) : each;
    const week = weekOf(day).start;
    byWeek.set(week, (byWeek.get(week) ?? 0) + share);
  });
  return byWeek;
}

export interface PersonWeek {
  /** Monday. */
  week: string;
  logged: number;
  implied: number;
  /** Logged and still implied beyond the person's hours that week. */
  over: number;
}

/** Each person's weeks: logged (by week), implied by the open projects assigned to them, against their capacity. */
export function capacityPlan(
  people: readonly { id: string; weeklyCapacity: number }[],
  logged: ReadonlyMap<string, ReadonlyMap<string, number>>,
  projects: readonly ImplyingProject[],
  weeks: readonly string[],
  today: string,
  daysOff: Iterable<string> = [],
): { personId: string; capacity: number; weeks: PersonWeek[] }[] {
  const off = [...daysOff];
  return people.map((person) => {
    const implied = new Map<string, number>();
    for (const project of projects) {
      if (project.assigneeId !== person.id) continue;
      for (const [week, minutes] of impliedByWeek(project, today, off)) implied.set(week, (implied.get(week) ?? 0) + minutes);
    }
    return {
      personId: person.id,
      capacity: person.weeklyCapacity,
      weeks: weeks.map((week) => {
        const w = { logged: logged.get(person.id)?.get(week) ?? 0, implied: implied.get(week) ?? 0 };
        return { week, ...w, over: Math.max(0, w.logged + w.implied - person.weeklyCapacity) };
      }),
    };
  });
}
