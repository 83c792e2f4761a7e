// The invitation an admin sends from Create User (a sign-in link made the way next-auth makes its own,
// and the mail that carries it), and the notice admins get when someone signs up alone.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@atelier/db";
import { PRODUCT_NAME } from "@atelier/domain";
import { normalizeEmail } from "./magic-link";
import type { Mail } from "./mailer";

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

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function invitationMail(input: { to: string; inviter: string; link: string }): Mail {
  const subject = `${input.inviter} invited you to ${PRODUCT_NAME}`;
  const text = `${input.inviter} gave you access to ${PRODUCT_NAME}, where your design requests, files and invoices live.\n\nSign in:\n${input.link}\n\nThe link works once and for seven days; after that, ask for a new one on the sign-in page with this address.\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(input.inviter)} gave you access to ${escapeHtml(PRODUCT_NAME)}, where your design requests, files and invoices live.</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Sign in</a></p>
<p style="color:#666">The link works once and for seven days; after that, ask for a new one on the sign-in page with this address.</p>
</body>`;
  return { to: input.to, subject, text, html };
}

/** To an admin: someone signed up alone and waits to be linked to their business on Users. */
export function signUpMail(input: { to: string; email: string; usersUrl: string }): Mail {
  const subject = `${input.email} signed up and waits for a business — ${PRODUCT_NAME}`;
  const text = `${input.email} signed up to ${PRODUCT_NAME} on their own. Until you link them to their business on the Users page, they see no projects.\n\n${input.usersUrl}\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<p><strong>${escapeHtml(input.email)}</strong> signed up to ${escapeHtml(PRODUCT_NAME)} on their own. Until you link them to their business on the Users page, they see no projects.</p>
<p><a href="${escapeHtml(input.usersUrl)}">Open Users</a></p>
</body>`;
  return { to: input.to, subject, text, html };
}
