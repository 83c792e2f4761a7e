// What a timesheet's fields accept (time-entries.ts has the rules): apart, so a page that shows time does not load
// zod with it (docs/performance.md).
import { z } from "zod";
import { HOURLY_RATE_MAX, readDuration, TIME_ENTRY_MAX_MINUTES, TIME_NOTE_MAX_LENGTH } from "./time-entries";

export const timeNoteInput = z.string().trim().max(TIME_NOTE_MAX_LENGTH, `The note can be at most ${TIME_NOTE_MAX_LENGTH} characters.`);

/** Minutes of one entry: a whole number, from one minute to a day. */
export const timeMinutesInput = z
  .number("Give the time in minutes.")
  .int("Give whole minutes.")
  .min(1, "Log at least a minute.")
  .max(TIME_ENTRY_MAX_MINUTES, "One entry is at most 24 hours: log a longer stretch as several days.");

/** The day an entry is for. */
export const timeDayInput = z.iso.date("Give the day as a calendar day (YYYY-MM-DD).");

/** An hourly rate in minor units; 0 for none. */
export const hourlyRateInput = z
  .number()
  .int("Give the rate in whole minor units (cents).")
  .min(0, "A rate cannot be negative.")
  .max(HOURLY_RATE_MAX, "That rate is more than an invoice line can hold.");

/**
 * Time as typed on the timesheet: "90", "1:30", "1h30", "1.5h", "2 h 15 min"; read into whole minutes. Empty or
 * unreadable text is refused with a message saying how to write it.
 */
export const timeTextInput = z.string().transform((text, ctx) => {
  const minutes = readDuration(text);
  if (minutes === undefined) {
    ctx.addIssue({ code: "custom", message: "Write the time as 1:30, 1h30, 1.5h or 90 (minutes)." });
    return z.NEVER;
  }
  const checked = timeMinutesInput.safeParse(minutes);
  if (!checked.success) {
    ctx.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? "Check the time." });
    return z.NEVER;
  }
  return checked.data;
});
