// Guest review links: a proof round shared by link with people who have no account (docs/guest-review.md). The
// limits, the inputs and the rules of a share, a code and a guest session live here; the API applies them.
import { z } from "zod";
import { EMAIL_MAX_LENGTH, emailInput, personNameInput } from "./inputs";
import type { Role } from "./roles";

/** How long a link may be shared for, in days. */
export const GUEST_SHARE_MIN_DAYS = 1;
export const GUEST_SHARE_MAX_DAYS = 90;
/** At most this many addresses may be named on one link. */
const GUEST_SHARE_MAX_EMAILS = 50;
const GUEST_PASSWORD_MIN_LENGTH = 6;
const GUEST_PASSWORD_MAX_LENGTH = 200;

/** The one-time code: this many digits, valid this long, this many wrong tries per address and link before it locks. */
export const GUEST_CODE_DIGITS = 6;
export const GUEST_CODE_TTL_MS = 10 * 60_000;
export const GUEST_CODE_MAX_WRONG = 5;

/**
 * Code requests (each call of guest.requestCode, a wrong password included) within a sliding window: per link, so a
 * link posted in public cannot flood the studio's mail; per address, across links, so no one is mailed over and over.
 */
export const GUEST_CODE_REQUESTS_PER_LINK = { max: 20, windowMs: 60 * 60_000 } as const;
export const GUEST_CODE_REQUESTS_PER_ADDRESS = { max: 5, windowMs: 60 * 60_000 } as const;

/** A guest session ends with its link, and after this long at the latest. */
const GUEST_SESSION_MAX_MS = 30 * 24 * 60 * 60_000;
export const GUEST_COOKIE = "atelier-guest";

/** A guest answers a round as the client's people do: the stage machine's rules for the client apply to them. */
export const GUEST_ACTS_AS: Role = "client";

/** How the person behind a decision or a pin was known: signed in with their account, or by a code mailed to them. */
const VERIFICATION_METHODS = {
  session: "signed in",
  email_code: "verified by e-mail code",
} as const;
export type VerificationMethod = keyof typeof VERIFICATION_METHODS;

/** How the record says a decider was known: "signed in" or "verified by e-mail code". */
export function verificationLabel(method: VerificationMethod): string {
  return VERIFICATION_METHODS[method];
}

/** A guest's name where the record names people: it says they are a guest. */
export function guestLabel(name: string): string {
  return `${name} (guest)`;
}

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

export interface GuestShareState {
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Why a link no longer opens anything, or null while it does. */
export function guestShareRefusal(share: GuestShareState, now: Date): string | null {
  if (share.revokedAt !== null) return "This review link was withdrawn by the studio.";
  if (share.expiresAt.getTime() <= now.getTime()) return "This review link has expired.";
  return null;
}

/** Whether a link restricted to named addresses (none named: anyone with the link) lets `email` in. */
export function guestEmailAllowed(allowed: readonly string[] | null, email: string): boolean {
  return !allowed || allowed.length === 0 || allowed.includes(email.toLowerCase());
}

/** When a share made now for `days` days runs out. */
export function guestShareExpiry(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60_000);
}

/** When a guest session begun now ends: with its link, or GUEST_SESSION_MAX_MS from now, whichever comes first. */
export function guestSessionExpiry(now: Date, shareExpiresAt: Date): Date {
  return new Date(Math.min(shareExpiresAt.getTime(), now.getTime() + GUEST_SESSION_MAX_MS));
}

/** Whether `count` requests within the window already use up `limit`. */
export function overGuestLimit(count: number, limit: { max: number }): boolean {
  return count >= limit.max;
}
export const VERIFICATION_METHOD_VALUES = Object.keys(VERIFICATION_METHODS) as [VerificationMethod, ...VerificationMethod[]];
