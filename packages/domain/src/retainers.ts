// Retainers (docs/retainers.md): a business's monthly allowance of requests or hours, from a start month, with a
// rule for what is left at a month's end. Each project started (or billable hour logged) in a month uses it; going over
// is allowed, shown, and billed at the agreed rate with the month's fee. Months are calendar months in the studio's
// time zone; what carried in is used before the month's own allowance.
import { formatMoney } from "./money";
import { formatMinutes, timeAmount } from "./time-entries";

export const RETAINER_UNITS = [
  { value: "requests", label: "Requests" },
  { value: "hours", label: "Hours" },
] as const;
export type RetainerUnit = (typeof RETAINER_UNITS)[number]["value"];
export const RETAINER_UNIT_VALUES = RETAINER_UNITS.map((u) => u.value) as [RetainerUnit, ...RetainerUnit[]];

export const RETAINER_ROLLOVERS = [
  { value: "none", label: "What is left lapses at the month's end" },
  { value: "next_month", label: "What is left carries into the next month only" },
  { value: "always", label: "What is left keeps carrying over" },
] as const;
export type RetainerRollover = (typeof RETAINER_ROLLOVERS)[number]["value"];
export const RETAINER_ROLLOVER_VALUES = RETAINER_ROLLOVERS.map((r) => r.value) as [RetainerRollover, ...RetainerRollover[]];

/** Requests a month at most, and hours (as minutes). */
export const RETAINER_MAX_REQUESTS = 1000;
export const RETAINER_MAX_MINUTES = 1000 * 60;

export interface RetainerTerms {
  unit: RetainerUnit;
  /** A month's allowance: requests, or minutes for hours. */
  allowance: number;
  /** The first day it runs (YYYY-MM-DD): its month is the first counted. */
  startsOn: string;
  rollover: RetainerRollover;
  /** Minor units a request, or an hour, over the allowance. */
  rate: number;
  /** Minor units billed for each month, whatever is used (0 for none). */
  monthlyFee: number;
  currency: string;
}

/** One month of a retainer: what it had (its own and carried in), what was used, what is left or over. */
export interface RetainerMonth {
  /** YYYY-MM */
  month: string;
  allowance: number;
  carriedIn: number;
  available: number;
  used: number;
  left: number;
  over: number;
}

const monthOf = (day: string) => day.slice(0, 7);

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** "November 2026" */
export function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * Each month of the retainer from its start through `through` (YYYY-MM), with `usage` by month (requests, or
 * minutes): what carried in by its rollover rule, what is left and what went over. None before it starts.
 */
export function retainerMonths(
  terms: Pick<RetainerTerms, "allowance" | "startsOn" | "rollover">,
  usage: ReadonlyMap<string, number>,
  through: string,
): RetainerMonth[] {
  const months: RetainerMonth[] = [];
  let previous: RetainerMonth | undefined;
  for (let month = monthOf(terms.startsOn); month <= through; month = nextMonth(month)) {
    let carriedIn = 0;
    if (previous && terms.rollover === "always") carriedIn = previous.left;
    if (previous && terms.rollover === "next_month") {
      // What carried in is used first; what is left of last month's own allowance carries, once.
      const ownUsed = Math.max(0, previous.used - previous.carriedIn);
      carriedIn = Math.max(0, previous.allowance - ownUsed);
    }
    const used = usage.get(month) ?? 0;
    const available = terms.allowance + carriedIn;
    previous = {
      month,
      allowance: terms.allowance,
      carriedIn,
      available,
      used,
      left: Math.max(0, available - used),
      over: Math.max(0, used - available),
    };
    months.push(previous);
  }
  return months;
}

/** An amount of the retainer's unit as people read it: "3 requests", "1 request", "2 h 30 min". */
export function retainerAmount(unit: RetainerUnit, amount: number): string {
  return unit === "hours" ? formatMinutes(amount) : `${amount} request${amount === 1 ? "" : "s"}`;
}

/** "10 requests a month", "20 h a month". */
export function retainerAllowanceLabel(terms: Pick<RetainerTerms, "unit" | "allowance">): string {
  return `${retainerAmount(terms.unit, terms.allowance)} a month`;
}

/** What going over costs, in minor units: whole requests at the rate, or minutes at the hourly rate rounded once. */
export function overageAmount(terms: Pick<RetainerTerms, "unit" | "rate">, over: number): number {
  return terms.unit === "hours" ? timeAmount(over, terms.rate) : over * terms.rate;
}

/** A month's invoice lines: its fee, and what went over at the agreed rate (none when neither). */
export function retainerInvoiceLines(
  terms: RetainerTerms,
  month: RetainerMonth,
): { description: string; quantity: number; unitAmount: number }[] {
  const lines: { description: string; quantity: number; unitAmount: number }[] = [];
  const label = monthLabel(month.month);
  if (terms.monthlyFee > 0) {
    lines.push({ description: `Retainer, ${label}: ${retainerAllowanceLabel(terms)}`, quantity: 1, unitAmount: terms.monthlyFee });
  }
  if (month.over > 0 && terms.rate > 0) {
    if (terms.unit === "requests") {
      lines.push({
        description: `Requests over the retainer, ${label}, at ${formatMoney(terms.rate, terms.currency)} each`,
        quantity: month.over,
        unitAmount: terms.rate,
      });
    } else {
      lines.push({
        description: `${formatMinutes(month.over)} over the retainer, ${label}, at ${formatMoney(terms.rate, terms.currency)} an hour`,
        quantity: 1,
        unitAmount: overageAmount(terms, month.over),
      });
    }
  }
  return lines;
}
