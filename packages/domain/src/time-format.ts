// Times as a person reads them: in their own time zone and on their own clock (12- or 24-hour). Pages and mail both
// format through here. Where the reader's page does not say whose time it is (mail, exports), the zone is named.
// Calendar days the rules count (due dates, invoice dates, the workload's weeks) are the studio's UTC days
// (calendar.ts), not times, and are not formatted here.

import { TZDate, tzName } from "@date-fns/tz";
// Its own entry, not the package's: "date-fns" loads all of its ~1,000 files, and Node 22+ reads the package's
// 200 KB package.json again for each (nodejs/node#58126), about a second per test worker on Node 24.
import { format } from "date-fns/format";

/** A 12-hour clock (9:30 AM) or a 24-hour one (09:30), as Intl names them. */
export const HOUR_CYCLES = ["h12", "h23"] as const;
export type HourCycle = (typeof HOUR_CYCLES)[number];

/** Whose clock a time is read on. */
export interface TimePrefs {
  /** An IANA time zone name, such as "Europe/Paris". */
  timeZone: string;
  hourCycle: HourCycle;
}

/**
 * Until a person's browser has told the server their zone and clock (it does on their first visit), times are shown in
 * UTC on a 24-hour clock, and the pages name the zone.
 */
const DEFAULT_TIME_PREFS: TimePrefs = { timeZone: "UTC", hourCycle: "h23" };

/** A person's preferences, or the defaults for what they have not set yet. */
export function timePrefsOf(person: { timeZone?: string | null; hourCycle?: HourCycle | null }): TimePrefs {
  return { timeZone: person.timeZone ?? DEFAULT_TIME_PREFS.timeZone, hourCycle: person.hourCycle ?? DEFAULT_TIME_PREFS.hourCycle };
}

/** The clock an Intl hour cycle stands for: h11 and h12 are 12-hour clocks, h23 and h24 24-hour ones. */
export function hourCycleOf(intlHourCycle: string | undefined): HourCycle {
  return intlHourCycle === "h11" || intlHourCycle === "h12" ? "h12" : "h23";
}

export const TIME_ZONE_MAX_LENGTH = 64;

// IANA names are words joined by slashes ("America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC"); an offset such as
// "+05:00", which some engines also accept, is not a zone.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The zone's name as this runtime's time zone database knows it, in its own spelling ("asia/tokyo" is "Asia/Tokyo"),
 * or null when it is not an IANA zone. An alias the database knows ("Asia/Kolkata", "US/Pacific") is kept as given.
 */
export function knownTimeZone(name: string): string | null {
  if (name.length > TIME_ZONE_MAX_LENGTH || !ZONE_NAME.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (resolved.toLowerCase() === name.toLowerCase()) return resolved;
  // An alias, kept as given; the list of zones spells it right if it is there in another case.
  return Intl.supportedValuesOf("timeZone").find((zone) => zone.toLowerCase() === name.toLowerCase()) ?? name;
}

export const UNKNOWN_TIME_ZONE_MESSAGE = "Choose a time zone from the list, such as Europe/Paris.";

function clock(hourCycle: HourCycle): string {
  return hourCycle === "h12" ? "h:mm a" : "HH:mm";
}

function inZone(at: Date, timeZone: string): TZDate {
  return new TZDate(at.getTime(), timeZone);
}

/** The zone's short name at that instant, as people know it where Intl has one ("PST", "UTC"), else its offset ("GMT+9"). */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  return tzName(timeZone, at, "short");
}

/**
 * A time on a page that belongs to its reader: "Nov 27, 9:30 AM" or "Nov 27, 17:30"; the year is added when it is not
 * the year of `now` in the reader's zone.
 */
export function formatTime(at: Date, prefs: TimePrefs, now?: Date): string {
  const local = inZone(at, prefs.timeZone);
  const sameYear = now !== undefined && inZone(now, prefs.timeZone).getFullYear() === local.getFullYear();
  return format(local, `${sameYear ? "MMM d" : "MMM d, yyyy"}, ${clock(prefs.hourCycle)}`);
}

/**
 * A time that names its zone, for what is read away from the reader's own pages (mail, exports) and for the full form
 * of a page's time: "Nov 27, 2026, 9:30 AM PST" or "Nov 27, 2026, 17:30 UTC".
 */
export function formatTimeWithZone(at: Date, prefs: TimePrefs): string {
  return `${format(inZone(at, prefs.timeZone), `MMM d, yyyy, ${clock(prefs.hourCycle)}`)} ${zoneAbbreviation(at, prefs.timeZone)}`;
}

/** The day of an instant in the reader's zone: "Nov 27, 2026". */
export function formatDate(at: Date, prefs: Pick<TimePrefs, "timeZone">): string {
  return format(inZone(at, prefs.timeZone), "MMM d, yyyy");
}
