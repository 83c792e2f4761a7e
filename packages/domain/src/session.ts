// The signed-in user and which screen the session gate shows for it.

import type { Role } from "./roles";
import type { HourCycle } from "./time-format";

const SESSION_STATUSES = ["loading", "authenticated", "unauthenticated"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export interface SessionUser {
  id: string;
  // null until the user has been through onboarding.
  name: string | null;
  email: string;
  image: string | null;
  emailNotification: boolean;
  role: Role;
  /** The business a client belongs to; staff usually have none. */
  businessId: string | null;
  /** The zone and clock the person reads times in (timePrefsOf); null until their browser has told the server. */
  timeZone?: string | null;
  hourCycle?: HourCycle | null;
}

export type GateScreen = "loading" | "login" | "onboarding" | "app";

export function sessionScreen(status: SessionStatus, user: Pick<SessionUser, "name"> | null | undefined): GateScreen {
  // A session being refreshed (after a profile change) still has its user: the page stays as it is, nothing remounts.
  if (status === "loading") return user ? (user.name === null ? "onboarding" : "app") : "loading";
  if (status === "unauthenticated" || !user) return "login";
  return user.name === null ? "onboarding" : "app";
}

export const LOADING_ALT = "Loading";
