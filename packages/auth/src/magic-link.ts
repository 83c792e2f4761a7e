// The magic-link e-mail and the per-address limit on how often one may be requested.
import type { Db } from "@atelier/db";
import { PRODUCT_NAME } from "@atelier/domain";
import type { Mail } from "./mailer";

/** At most this many links per address in the window; enough for a typo or a slow inbox, not for mail bombing. */
export const MAGIC_LINK_LIMIT = 5;
export const MAGIC_LINK_WINDOW_MS = 15 * 60_000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records one request for the address and says whether it is within the limit.
 * Requests over the limit are not recorded, so waiting always frees the address again.
 */
export async function allowMagicLink(db: Db, email: string, now: Date): Promise<boolean> {
  const identifier = normalizeEmail(email);
  const since = new Date(now.getTime() - MAGIC_LINK_WINDOW_MS);
  const { count } = await db
    .selectFrom("signInAttempts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("identifier", "=", identifier)
    .where("createdAt", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAGIC_LINK_LIMIT) return false;
  await db.insertInto("signInAttempts").values({ identifier, createdAt: now }).execute();
  return true;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function magicLinkMail(to: string, url: string, host: string): Mail {
  const subject = `Sign in to ${PRODUCT_NAME}`;
  const text = `Sign in to ${PRODUCT_NAME} (${host}):\n${url}\n\nIf you did not request this e-mail you can safely ignore it.\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<h1 style="font-size:20px">Sign in to ${escapeHtml(PRODUCT_NAME)}</h1>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Sign in</a></p>
<p style="color:#666">If you did not request this e-mail you can safely ignore it.</p>
</body>`;
  return { to, subject, text, html };
}
