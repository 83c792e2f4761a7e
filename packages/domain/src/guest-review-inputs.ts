// Guest review's inputs as the API takes them (guest-review.ts has the limits and the rules): apart, so a page that
// only shows a guest's round does not load zod with them (docs/performance.md).
import { z } from "zod";
import { GUEST_CODE_DIGITS, GUEST_SHARE_MAX_DAYS, GUEST_SHARE_MIN_DAYS } from "./guest-review";
import { EMAIL_MAX_LENGTH, emailInput, personNameInput } from "./inputs";

/** At most this many addresses may be named on one link. */
const GUEST_SHARE_MAX_EMAILS = 50;
const GUEST_PASSWORD_MIN_LENGTH = 6;
const GUEST_PASSWORD_MAX_LENGTH = 200;

/** The link's secret as it arrives from the link: base64url, 22 characters or more (at least 128 bits). */
export const guestTokenInput = z
  .string()
  .min(22)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "This review link is not valid.");

export const guestCodeInput = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${GUEST_CODE_DIGITS}}$`), `The code has ${GUEST_CODE_DIGITS} digits.`);

/** An e-mail address as guests and shares compare them: trimmed, lower case. */
export const guestEmailInput = emailInput.transform((email) => email.toLowerCase());

export const guestNameInput = personNameInput;

const guestPasswordInput = z
  .string()
  .min(GUEST_PASSWORD_MIN_LENGTH, `A password has at least ${GUEST_PASSWORD_MIN_LENGTH} characters.`)
  .max(GUEST_PASSWORD_MAX_LENGTH, `Keep the password to ${GUEST_PASSWORD_MAX_LENGTH} characters.`);

export const guestShareInput = {
  expiresInDays: z
    .number()
    .int()
    .min(GUEST_SHARE_MIN_DAYS, `A link lasts ${GUEST_SHARE_MIN_DAYS} to ${GUEST_SHARE_MAX_DAYS} days.`)
    .max(GUEST_SHARE_MAX_DAYS, `A link lasts ${GUEST_SHARE_MIN_DAYS} to ${GUEST_SHARE_MAX_DAYS} days.`),
  password: guestPasswordInput.optional(),
  emails: z
    .array(z.string().max(EMAIL_MAX_LENGTH).pipe(guestEmailInput))
    .max(GUEST_SHARE_MAX_EMAILS, `Name at most ${GUEST_SHARE_MAX_EMAILS} addresses.`)
    .optional(),
};
