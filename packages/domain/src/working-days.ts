// Working days (docs/services.md): a service's turnaround counts the studio's working days, Monday to Friday in the
// studio's time zone, skipping its days off (dates staff keep). Days are "YYYY-MM-DD" strings throughout: calendar
// days, not instants, so a month's end, a leap day or a change of summer time moves nothing.
import { dayIn } from "./review-deadlines";

const DAY_MS = 86_400_000;

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar day after `day`, across months and years. */
export const nextDay = (day: string): string => fromUtc(toUtc(day) + DAY_MS);

/** Whether `day` falls on a Saturday or a Sunday. */
export function isWeekend(day: string): boolean {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** Whether the studio works on `day`: a weekday that is not one of its days off. */
function isWorkingDay(day: string, daysOff: ReadonlySet<string>): boolean {
  return !isWeekend(day) && !daysOff.has(day);
}

/** The studio's most working days one turnaround may count: a year's worth. */
export const TURNAROUND_MAX_DAYS = 260;

/**
 * The day `workingDays` working days after `from` (a day, or an instant read in `timeZone`): the day itself does not
 * count, the next working day is one. Zero answers `from` itself, or the next working day when `from` is not one (a
 * request on a Saturday is due, at the earliest, on Monday).
 */
export function addWorkingDays(from: string | Date, workingDays: number, daysOff: Iterable<string> = [], timeZone = "UTC"): string {
  if (!Number.isInteger(workingDays) || workingDays < 0 || workingDays > TURNAROUND_MAX_DAYS) {
    throw new RangeError(`A turnaround is 0 to ${TURNAROUND_MAX_DAYS} working days, not ${workingDays}.`);
  }
  const off = daysOff instanceof Set ? (daysOff as ReadonlySet<string>) : new Set(daysOff);
  let day = typeof from === "string" ? from : dayIn(from, timeZone);
  if (workingDays === 0) {
    while (!isWorkingDay(day, off)) day = nextDay(day);
    return day;
  }
  let left = workingDays;
  while (left > 0) {
    day = nextDay(day);
    if (isWorkingDay(day, off)) left -= 1;
  }
  return day;
}

/** How many working days from `from` (not counted) to `to` (counted); 0 when `to` is not after `from`. */
export function workingDaysBetween(from: string, to: string, daysOff: Iterable<string> = []): number {
  const off = new Set(daysOff);
  let count = 0;
  for (let day = nextDay(from); day <= to; day = nextDay(day)) if (isWorkingDay(day, off)) count += 1;
  return count;
}
