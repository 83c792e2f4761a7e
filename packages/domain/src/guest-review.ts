// Guest review links: a proof round shared by link with people who have no account (docs/guest-review.md). The
// limits and the rules of a share, a code and a guest session live here, their inputs in guest-review-inputs.ts (apart,
// so a page that only shows a guest's round does not load zod with them); the API applies them.
import type { Role } from "./roles";

/** How long a link may be shared for, in days. */
export const GUEST_SHARE_MIN_DAYS = 1;
export const GUEST_SHARE_MAX_DAYS = 90;

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
