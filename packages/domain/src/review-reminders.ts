// Review deadlines and their reminders (docs/approval-chains.md, "Deadlines"): who still owes a round a decision, by
// which day, and which reminder is due for them now, read in their own time zone.
import { TZDate } from "@date-fns/tz";
import { type ChainReviewer, chainState, hasChain } from "./approval-chains";
import { addDays } from "./calendar";

export const REVIEW_REMINDERS = {
  day_before: "the day before",
  due_today: "on the day",
} as const;
export type ReviewReminder = keyof typeof REVIEW_REMINDERS;

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
export function stepDueOn(step: number, round: { dueOn: string | null; steps: readonly { step: number; dueOn: string }[] }): string | null {
  return round.steps.find((s) => s.step === step)?.dueOn ?? round.dueOn;
}

/**
 * Who owes the round a decision now, by which day: the current step's approvers who have not decided, on a round
 * with approvers; nobody named otherwise (the client's people are reminded by the caller, against the round's day).
 */
export function pendingDeciders<R extends ChainReviewer>(
  reviewers: readonly R[],
  round: { dueOn: string | null; steps: readonly { step: number; dueOn: string }[] },
): { reviewer: R; dueOn: string }[] {
  if (!hasChain(reviewers)) return [];
  const state = chainState(reviewers);
  if (state.status !== "waiting" || state.currentStep === null) return [];
  return reviewers.flatMap((reviewer) => {
    if (reviewer.role !== "approver" || reviewer.step !== state.currentStep || reviewer.decision !== null) return [];
    const dueOn = stepDueOn(reviewer.step, round);
    return dueOn === null ? [] : [{ reviewer, dueOn }];
  });
}
