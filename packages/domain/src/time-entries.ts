// Time the studio spends on projects (docs/time.md): a timer per person or an entry added by hand, each with a note,
// a billable flag and the person's hourly rate when it was logged; billable time a business has not been invoiced for
// becomes the lines of a draft invoice, grouped by project and person or one line per entry.
import { TZDate } from "@date-fns/tz";
import { INVOICE_LINE_DESCRIPTION_MAX_LENGTH, INVOICE_LINE_MAX_UNIT_AMOUNT } from "./invoices";
import { formatMoney } from "./money";
import { dayIn } from "./review-deadlines";

/** One entry is at most a day: a timer left running overnight is stopped at this length. */
export const TIME_ENTRY_MAX_MINUTES = 24 * 60;
export const TIME_NOTE_MAX_LENGTH = 500;
/** An hourly rate, in minor units of the invoice's currency: at most 100,000.00 an hour. */
export const HOURLY_RATE_MAX = 10_000_000;

/** How time becomes invoice lines: one line per project and person (and rate), or one per entry. */
export const TIME_GROUPINGS = ["project-person", "entry"] as const;
export type TimeGrouping = (typeof TIME_GROUPINGS)[number];
export const TIME_GROUPING_LABELS: Record<TimeGrouping, string> = {
  "project-person": "One line per project and person",
  entry: "One line per entry",
};

/** Whole minutes from `start` to `end`, at least one and at most a day. */
export function elapsedMinutes(start: Date, end: Date): number {
  return Math.min(TIME_ENTRY_MAX_MINUTES, Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000)));
}

/** "3 h 30 min", "45 min", "2 h". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * What `minutes` cost at `hourlyRate` (minor units an hour), in minor units: rounded once, half up, on the whole
 * duration of a line (never per entry and then summed, which would drift by a cent per entry).
 */
export function timeAmount(minutes: number, hourlyRate: number): number {
  return Math.round((minutes * hourlyRate) / 60);
}

/** A stopped, billable, unbilled entry as invoicing reads it. */
export interface BillableTime {
  id: string;
  projectId: string;
  projectTitle: string;
  userId: string;
  personName: string;
  minutes: number;
  /** Minor units an hour. */
  rate: number;
  note: string;
  startedAt: Date;
}

export interface TimeInvoiceLine {
  description: string;
  quantity: 1;
  unitAmount: number;
  projectId: string;
  /** The entries the line bills. */
  entryIds: string[];
}

const clip = (text: string) =>
  text.length <= INVOICE_LINE_DESCRIPTION_MAX_LENGTH ? text : `${text.slice(0, INVOICE_LINE_DESCRIPTION_MAX_LENGTH - 1)}…`;

/**
 * Lines for `entries`: grouped by project, person and rate (the rate is printed on the line, so two rates are two
 * lines), or one per entry; ordered by project, person, then time. Each line's amount is its minutes at its rate,
 * rounded once (`timeAmount`); a line never exceeds what an invoice line may hold.
 */
export function timeInvoiceLines(
  entries: readonly BillableTime[],
  grouping: TimeGrouping,
  currency: string,
  timeZone = "UTC",
): TimeInvoiceLine[] {
  const sorted = [...entries].sort(
    (a, b) =>
      a.projectTitle.localeCompare(b.projectTitle) ||
      a.projectId.localeCompare(b.projectId) ||
      a.personName.localeCompare(b.personName) ||
      a.startedAt.getTime() - b.startedAt.getTime() ||
      a.id.localeCompare(b.id),
  );
  const groups = new Map<string, BillableTime[]>();
  for (const entry of sorted) {
    const key = grouping === "entry" ? entry.id : `${entry.projectId}|${entry.userId}|${entry.rate}`;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const minutes = group.reduce((sum, e) => sum + e.minutes, 0);
    const at = `${formatMinutes(minutes)} at ${formatMoney(first.rate, currency)} an hour`;
    const day = dayIn(first.startedAt, timeZone);
    const description =
      grouping === "entry"
        ? `${first.projectTitle}: ${first.personName}, ${day}, ${at}${first.note ? ` (${first.note})` : ""}`
        : `${first.projectTitle}: ${first.personName}, ${at}`;
    return {
      description: clip(description),
      quantity: 1,
      unitAmount: Math.min(timeAmount(minutes, first.rate), INVOICE_LINE_MAX_UNIT_AMOUNT),
      projectId: first.projectId,
      entryIds: group.map((e) => e.id),
    };
  });
}

/** The people among `entries` without an hourly rate: their time would be billed at nothing. */
export function unratedPeople(entries: readonly Pick<BillableTime, "personName" | "rate">[]): string[] {
  return [...new Set(entries.filter((e) => e.rate === 0).map((e) => e.personName))].sort();
}

/** The Monday of the week holding `day` ("YYYY-MM-DD"), as "YYYY-MM-DD". */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** The seven days of the week starting `monday`. */
export function weekDays(monday: string): string[] {
  const start = new Date(`${monday}T00:00:00Z`).getTime();
  return Array.from({ length: 7 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** When `day` ("YYYY-MM-DD") begins in `timeZone`. */
export function dayStartsAt(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

/** An entry added by hand for `day`: placed at noon of that day in `timeZone`, so it stays on that day. */
export function manualEntryStart(day: string, timeZone: string): Date {
  return new Date(dayStartsAt(day, timeZone).getTime() + 12 * 3_600_000);
}

/** Whole minutes in a typed duration, or undefined when it reads as none. */
export function readDuration(text: string): number | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (t === "") return undefined;
  let m = /^(\d{1,3}):([0-5]\d)$/.exec(t);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(\d{1,5})(?: ?min)?$/.exec(t);
  if (m) return Number(m[1]);
  m = /^(\d{1,3}(?:[.,]\d{1,2})?) ?h$/.exec(t);
  if (m) return Math.round(Number(m[1]!.replace(",", ".")) * 60);
  m = /^(\d{1,3}) ?h ?(\d{1,2})(?: ?min)?$/.exec(t);
  if (m && Number(m[2]) < 60) return Number(m[1]) * 60 + Number(m[2]);
  return undefined;
}
