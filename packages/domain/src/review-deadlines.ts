// Review deadlines and their reminders (docs/approval-chains.md, "Deadlines"): the day a round, or each of its steps,
// is to be decided by; who still owes it a decision; which reminder is due for them now, read in their own time zone;
// and, for a round that locks at its deadline, when it stops taking decisions. A deadline is a calendar day, passed
// once the studio's day (UTC, as every due date) is after it, the same day that makes it overdue. What staff set is
// checked by review-deadline-inputs.ts: apart, so a page that shows a deadline does not load zod with it.
import { TZDate } from "@date-fns/tz";
import { type ChainReviewer, chainState, hasChain } from "./approval-chains";
import { addDays } from "./calendar";
import { deadlineLabel } from "./due-dates";

export const REVIEW_REMINDERS = {
  day_before: "the day before",
  due_today: "on the day",
} as const;
export type ReviewReminder = keyof typeof REVIEW_REMINDERS;
export const REVIEW_REMINDER_KIND_VALUES = Object.keys(REVIEW_REMINDERS) as [ReviewReminder, ...ReviewReminder[]];

/** A round's deadlines: its own day, and a day per step of its chain that has one. */
export interface RoundDeadlines {
  dueOn: string | null;
  steps: readonly { step: number; dueOn: string }[];
}

/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function dayIn(now: Date, timeZone: string): string {
  const local = new TZDate(now.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The reminder due for someone whose decision is due on `dueOn`, on the day it is for them at `now` in `timeZone`:
 * one the day before, one on the day, none otherwise (before, or once it is past: an overdue round shows as overdue
 * instead of mailing every day).
 */
export function reviewReminderDue(dueOn: string, now: Date, timeZone: string): ReviewReminder | null {
  const today = dayIn(now, timeZone);
  if (today === dueOn) return "due_today";
  if (addDays(today, 1) === dueOn) return "day_before";
  return null;
}

/** A step's own deadline, or the round's when the step has none. */
export function stepDueOn(step: number, round: RoundDeadlines): string | null {
  return round.steps.find((s) => s.step === step)?.dueOn ?? round.dueOn;
}

/**
 * Who owes the round a decision now, by which day: the current step's approvers who have not decided, on a round
 * with approvers; nobody named otherwise (the client's people are reminded by the caller, against the round's day).
 */
export function pendingDeciders<R extends ChainReviewer>(reviewers: readonly R[], round: RoundDeadlines): { reviewer: R; dueOn: string }[] {
  if (!hasChain(reviewers)) return [];
  const state = chainState(reviewers);
  if (state.status !== "waiting" || state.currentStep === null) return [];
  return reviewers.flatMap((reviewer) => {
    if (reviewer.role !== "approver" || reviewer.step !== state.currentStep || reviewer.decision !== null) return [];
    const dueOn = stepDueOn(reviewer.step, round);
    return dueOn === null ? [] : [{ reviewer, dueOn }];
  });
}

/**
 * The day the round waits on now: its current step's (or its own) on a chain still deciding, its own on a round
 * answered by the client's people; null when nothing is due.
 */
export function roundDueNow(reviewers: readonly ChainReviewer[], round: RoundDeadlines): string | null {
  if (!hasChain(reviewers)) return round.dueOn;
  const state = chainState(reviewers);
  if (state.status !== "waiting" || state.currentStep === null) return null;
  return stepDueOn(state.currentStep, round);
}

/** Whether a deadline has passed on `today` (the studio's day): due today is not late yet. */
export function deadlinePassed(dueOn: string | null, today: string): boolean {
  return dueOn !== null && dueOn < today;
}

/** Why nobody may decide on a round that locks at its deadline once that has passed; null while it is open. */
export function deadlineRefusal(round: { round: number; lockAtDeadline: boolean }, dueNow: string | null, today: string): string | null {
  if (!round.lockAtDeadline || dueNow === null || !deadlinePassed(dueNow, today)) return null;
  return `Round ${round.round} closed for decisions at its deadline, ${deadlineLabel(dueNow)}. Ask the studio to move the deadline.`;
}
