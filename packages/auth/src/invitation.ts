// The sign-in link of the invitation an admin sends from Create User, made the way next-auth makes its own
// (the mail that carries it is invitationMail of @atelier/mail).
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@atelier/db";
import { normalizeEmail } from "./magic-link";

/** How long an invitation's link stays valid: longer than a requested link, since nobody is waiting at a screen. */
export const INVITATION_MAX_AGE_S = 7 * 24 * 60 * 60;

/**
 * Stores a verification token for the address as next-auth's e-mail provider does (sha256 of token and
 * secret) and answers the link that redeems it at /api/auth/callback/email.
 */
export async function createSignInLink(
  db: Db,
  options: { email: string; secret: string; appUrl: string; now: Date; maxAgeS: number },
): Promise<string> {
  const identifier = normalizeEmail(options.email);
  const token = randomBytes(32).toString("hex");
  const expires = new Date(options.now.getTime() + options.maxAgeS * 1000);
  await db
    .insertInto("verificationTokens")
    .values({ identifier, token: createHash("sha256").update(`${token}${options.secret}`).digest("hex"), expires })
    .execute();
  const base = options.appUrl.replace(/\/+$/, "");
  return `${base}/api/auth/callback/email?${new URLSearchParams({ callbackUrl: `${base}/`, token, email: identifier })}`;
}
