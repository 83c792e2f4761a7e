// Private calendar feeds (docs/calendar-feed.md): whose due dates a person's feed carries.
import { isAdmin, isStaff, type Role } from "./roles";

/**
 * The projects a person's calendar follows: an admin runs the studio and sees every project's dates; a designer the
 * projects assigned to them; a client its business's projects (none without a business). Rounds follow their project.
 */
export type CalendarScope = { kind: "studio" } | { kind: "assignee"; userId: string } | { kind: "business"; businessId: string } | null;

export function calendarScopeOf(user: { id: string; role: Role; businessId: string | null }): CalendarScope {
  if (isAdmin(user.role)) return { kind: "studio" };
  if (isStaff(user.role)) return { kind: "assignee", userId: user.id };
  return user.businessId === null ? null : { kind: "business", businessId: user.businessId };
}

/** How many days back a feed still carries a date: enough for the recent past, not a studio's whole history. */
export const CALENDAR_FEED_PAST_DAYS = 90;
