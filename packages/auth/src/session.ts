// The signed-in user, as the session callback exposes it and as the API reads it from the session cookie.
import type { Db } from "@atelier/db";
import type { SessionUser } from "@atelier/domain";

export type { SessionUser };

export const SESSION_COOKIE = "next-auth.session-token";
const SECURE_SESSION_COOKIE = "__Secure-next-auth.session-token";

export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Looks the session token of the request's cookies up in the database; expired sessions and deactivated users count as none. */
export async function getSessionUser(db: Db, cookieHeader: string | null, now: Date): Promise<SessionUser | null> {
  const token = readCookie(cookieHeader, SECURE_SESSION_COOKIE) ?? readCookie(cookieHeader, SESSION_COOKIE);
  if (!token) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select([
      "users.id",
      "users.name",
      "users.email",
      "users.image",
      "users.emailNotification",
      "users.role",
      "users.businessId",
      "users.timeZone",
      "users.hourCycle",
    ])
    .where("sessions.sessionToken", "=", token)
    .where("sessions.expires", ">", now)
    .where("users.deactivatedAt", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, email: row.email ?? "" };
}
