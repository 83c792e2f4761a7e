// The fields people type, as zod schemas with messages in plain words: the API validates its input with them and the
// forms show the same messages beside the field, so a rule and its wording live here once. The database keeps the
// same limits (migration 2026-11-25-1000-length-limits).
import { z } from "zod";
import { BUSINESS_NAME_MAX_LENGTH } from "./businesses";
import { DUE_DATE_MAX, DUE_DATE_MIN, isDueDateInRange } from "./due-dates";
import { POST_BODY_MAX_LENGTH, POST_TITLE_MAX_LENGTH } from "./posts";
import { PROJECT_TITLE_MAX_LENGTH } from "./projects";
import { ROLES } from "./roles";
import { USER_NAME_MAX_LENGTH } from "./user-rules";

/** The longest e-mail address there is (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 320;

const tooLong = (what: string, max: number) => `${what} is too long: keep it to ${max.toLocaleString("en-US")} characters.`;

/** A text that must hold something, trimmed, within a limit. */
export function requiredText(what: string, max: number, missing = `${what} is required.`) {
  return z.string().trim().min(1, missing).max(max, tooLong(what, max));
}

export const emailInput = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, tooLong("The e-mail address", EMAIL_MAX_LENGTH))
  .pipe(z.email("Write an e-mail address such as name@example.com."));

export const personNameInput = requiredText("The name", USER_NAME_MAX_LENGTH, "Your name is required.");

/** An optional name: left empty, it is absent. */
export const optionalPersonNameInput = z
  .string()
  .trim()
  .max(USER_NAME_MAX_LENGTH, tooLong("The name", USER_NAME_MAX_LENGTH))
  .transform((name) => name || undefined)
  .optional();

export const roleInput = z.enum(ROLES, "Choose a role.");

export const businessNameInput = requiredText("The name", BUSINESS_NAME_MAX_LENGTH, "A business needs a name.");

export const postTitleInput = requiredText("The title", POST_TITLE_MAX_LENGTH, "Give the post a title.");
export const postBodyInput = requiredText("The post", POST_BODY_MAX_LENGTH, "Write the post.");

export const projectTitleInput = requiredText("The title", PROJECT_TITLE_MAX_LENGTH, "Give the project a title.");

/** A due date as every procedure and form takes it: a real calendar day (YYYY-MM-DD) within the domain's bounds. */
export const dueDateInput = z.iso
  .date("Give the due date as a calendar day (YYYY-MM-DD).")
  .refine(isDueDateInRange, `Choose a due date between ${DUE_DATE_MIN.slice(0, 4)} and ${DUE_DATE_MAX.slice(0, 4)}.`);

/** A text that may be left empty, trimmed, within a limit. */
function optionalText(what: string, max: number) {
  return z.string().trim().max(max, tooLong(what, max));
}

/** The studio's billing details as typed on Billing (the logo and the reminder schedule come separately). */
export const billingDetailsInput = z.object({
  legalName: optionalText("The legal name", 200),
  address: optionalText("The address", 1000),
  taxNumber: optionalText("The tax ID", 100),
  paymentTerms: optionalText("The payment terms", 1000),
  bankDetails: optionalText("The bank details", 1000),
});

/** After how many days past its due date an unpaid invoice is reminded once. */
export const reminderDaysInput = z
  .number("Give a number of days.")
  .int("Give a whole number of days.")
  .min(0, "Give a number of days from 0.")
  .max(365, "Remind within a year: at most 365 days.");
