// Guest review links on the server (docs/guest-review.md): the link's token, the password's scrypt hash, the one-time
// code, and the guest session behind the cookie, checked against its share on every call.
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { type Db, findGuestSession } from "@atelier/db";
import { DomainError, GUEST_CODE_DIGITS, GUEST_COOKIE, guestShareRefusal } from "@atelier/domain";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_BYTES = 32;

/** A new secret for a link or a cookie: 256 random bits, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The link a share opens: the review page of the site, with the token that is never stored. */
export function reviewUrl(appUrl: string | undefined, token: string): string {
  return `${(appUrl ?? "").replace(/\/+$/, "")}/review/${token}`;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** scrypt$<salt>$<key>, both base64url, with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize("NFC"), salt, KEY_BYTES);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const got = await scryptAsync(password.normalize("NFC"), Buffer.from(salt, "base64url"), expected.length);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** A one-time code: GUEST_CODE_DIGITS random digits. */
export function newGuestCode(): string {
  return String(randomInt(0, 10 ** GUEST_CODE_DIGITS)).padStart(GUEST_CODE_DIGITS, "0");
}

/** A code is kept as the SHA-256 of its row's id and itself, so the same code of two rows hashes apart. */
export function guestCodeHash(codeId: string, code: string): string {
  return sha256Hex(`${codeId}:${code}`);
}

export function guestCodeMatches(codeId: string, code: string, stored: string): boolean {
  return sameHex(guestCodeHash(codeId, code), stored);
}

/** The Set-Cookie header of a guest session: httpOnly, SameSite=Lax, Secure on an https site, ending with the session. */
export function guestCookieHeader(value: string, expiresAt: Date, appUrl: string | undefined): string {
  const secure = (appUrl ?? "").startsWith("https:") ? "; Secure" : "";
  return `${GUEST_COOKIE}=${value}; Path=/; Expires=${expiresAt.toUTCString()}; HttpOnly; SameSite=Lax${secure}`;
}

/** The value of the guest cookie in a Cookie header, if it carries one. */
export function guestCookieValue(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === GUEST_COOKIE) return value.join("=") || undefined;
  }
  return undefined;
}

export interface GuestSession {
  id: string;
  shareId: string;
  proofId: string;
  name: string;
  email: string;
}

/**
 * The guest session the cookie names, refused unless it and its share still hold: a share withdrawn or expired ends
 * every session on it at once, since this runs on every guest call.
 */
export async function guestSessionOf(ctx: { db: Db; now: () => Date; guestCookie?: { value: string | undefined } }): Promise<GuestSession> {
  const value = ctx.guestCookie?.value;
  if (!value || !/^[A-Za-z0-9_-]{20,200}$/.test(value)) throw new DomainError("UNAUTHENTICATED", "Sign in to continue.");
  const session = await findGuestSession(ctx.db, sha256Hex(value));
  const now = ctx.now();
  if (!session) throw new DomainError("UNAUTHENTICATED", "Sign in to continue.");
  const refusal = guestShareRefusal({ expiresAt: session.shareExpiresAt, revokedAt: session.shareRevokedAt }, now);
  if (refusal) throw new DomainError("FORBIDDEN", refusal);
  if (session.expiresAt.getTime() <= now.getTime())
    throw new DomainError("UNAUTHENTICATED", "Your review session has ended: open the link again for a new code.");
  return { id: session.id, shareId: session.shareId, proofId: session.proofId, name: session.name, email: session.email };
}

/** The guest session of a request's Cookie header for a file link, or null when it carries none that holds now. */
export async function guestOfCookie(db: Db, cookieHeader: string | null, now: Date): Promise<GuestSession | null> {
  const value = guestCookieValue(cookieHeader);
  if (!value) return null;
  return guestSessionOf({ db, now: () => now, guestCookie: { value } }).catch(() => null);
}
