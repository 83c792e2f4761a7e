"use client";
// Times on a page, in the reader's own zone and clock (their profile's, from @atelier/domain's time-format), with the
// full time and its zone on hover and focus. Until the browser has told the server the reader's zone (see
// useBrowserTimeZone), times are UTC and say so.
import { formatDate, formatTime, formatTimeWithZone, type HourCycle, hourCycleOf, type TimePrefs, timePrefsOf } from "@atelier/domain";
import { useSession } from "next-auth/react";

/** The reader's zone and clock, and whether they are the reader's own (false: the defaults, UTC). */
function useTimePrefs(): { prefs: TimePrefs; own: boolean } {
  const user = useSession().data?.user;
  return { prefs: timePrefsOf(user ?? {}), own: Boolean(user?.timeZone) };
}

/** "Nov 27, 9:30 AM" in the reader's zone; "Nov 27, 2026, 17:30 UTC" while their zone is not known. */
export function LocalTime({ at, className }: { at: Date; className?: string }) {
  const { prefs, own } = useTimePrefs();
  const full = formatTimeWithZone(at, prefs);
  return (
    <time dateTime={at.toISOString()} title={full} className={className}>
      {own ? formatTime(at, prefs, new Date()) : full}
    </time>
  );
}

/** The day of an instant in the reader's zone: "Nov 27, 2026", with the full time on hover. */
export function LocalDate({ at, className }: { at: Date; className?: string }) {
  const { prefs } = useTimePrefs();
  return (
    <time dateTime={at.toISOString()} title={formatTimeWithZone(at, prefs)} className={className}>
      {formatDate(at, prefs)}
    </time>
  );
}

/** This browser's zone and clock, as the first sign-in stores them. */
export function browserTimePrefs(): { timeZone: string; hourCycle: HourCycle } {
  const { timeZone } = new Intl.DateTimeFormat().resolvedOptions();
  // The hour cycle is only resolved when the format shows hours.
  const { hourCycle } = new Intl.DateTimeFormat(undefined, { hour: "numeric" }).resolvedOptions();
  return { timeZone, hourCycle: hourCycleOf(hourCycle) };
}
