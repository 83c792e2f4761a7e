import { describe, expect, it } from "vitest";
import { timeZoneInput } from "./inputs";
import {
  formatDate,
  formatTime,
  formatTimeWithZone,
  type HourCycle,
  hourCycleOf,
  knownTimeZone,
  timePrefsOf,
  UNKNOWN_TIME_ZONE_MESSAGE,
} from "./time-format";

const prefs = (timeZone: string, hourCycle: HourCycle) => ({ timeZone, hourCycle });
const at = (iso: string) => new Date(iso);
const NOW = at("2026-11-27T18:00:00Z");

describe("formatTime", () => {
  it.each([
    // A comment posted at 17:30 UTC, read in three places on both clocks.
    ["2026-11-27T17:30:00Z", "UTC", "h23", "Nov 27, 17:30"],
    ["2026-11-27T17:30:00Z", "UTC", "h12", "Nov 27, 5:30 PM"],
    ["2026-11-27T17:30:00Z", "America/Los_Angeles", "h12", "Nov 27, 9:30 AM"],
    ["2026-11-27T17:30:00Z", "Asia/Tokyo", "h23", "Nov 28, 02:30"],
    ["2026-11-27T17:30:00Z", "Asia/Kolkata", "h12", "Nov 27, 11:00 PM"],
    // Midnight and noon on each clock.
    ["2026-11-27T00:05:00Z", "UTC", "h12", "Nov 27, 12:05 AM"],
    ["2026-11-27T00:05:00Z", "UTC", "h23", "Nov 27, 00:05"],
    ["2026-11-27T12:00:00Z", "UTC", "h12", "Nov 27, 12:00 PM"],
    ["2026-11-27T12:00:00Z", "UTC", "h23", "Nov 27, 12:00"],
  ] as const)("%s in %s (%s) -> %s", (iso, zone, cycle, expected) => {
    expect(formatTime(at(iso), prefs(zone, cycle), NOW)).toBe(expected);
  });

  it("adds the year when the time is not in this year of the reader's zone", () => {
    expect(formatTime(at("2025-11-27T17:30:00Z"), prefs("UTC", "h23"), NOW)).toBe("Nov 27, 2025, 17:30");
    expect(formatTime(at("2025-11-27T17:30:00Z"), prefs("UTC", "h23"))).toBe("Nov 27, 2025, 17:30");
    // 20:00 UTC on New Year's Eve is already 2027 in Tokyo, as is the reader's now there.
    const newYear = at("2026-12-31T20:00:00Z");
    expect(formatTime(newYear, prefs("Asia/Tokyo", "h23"), newYear)).toBe("Jan 1, 05:00");
    expect(formatTime(newYear, prefs("UTC", "h23"), newYear)).toBe("Dec 31, 20:00");
  });

  it("does not change the date it was given", () => {
    const date = at("2026-03-08T10:00:00Z");
    formatTime(date, prefs("America/Los_Angeles", "h12"), NOW);
    expect(date.toISOString()).toBe("2026-03-08T10:00:00.000Z");
  });
});

describe("formatTimeWithZone", () => {
  it.each([
    ["2026-11-27T17:30:00Z", "UTC", "h23", "Nov 27, 2026, 17:30 UTC"],
    ["2026-11-27T17:30:00Z", "America/Los_Angeles", "h12", "Nov 27, 2026, 9:30 AM PST"],
    ["2026-11-27T17:30:00Z", "Asia/Tokyo", "h23", "Nov 28, 2026, 02:30 GMT+9"],
    ["2026-07-04T21:30:00Z", "America/New_York", "h12", "Jul 4, 2026, 5:30 PM EDT"],
    // 2026-03-08 in Los Angeles: clocks jump from 02:00 PST to 03:00 PDT.
    ["2026-03-08T09:59:00Z", "America/Los_Angeles", "h12", "Mar 8, 2026, 1:59 AM PST"],
    ["2026-03-08T10:00:00Z", "America/Los_Angeles", "h12", "Mar 8, 2026, 3:00 AM PDT"],
    // 2026-11-01 in Los Angeles: clocks fall back from 02:00 PDT to 01:00 PST, so 1:30 happens twice; the zone tells them apart.
    ["2026-11-01T08:30:00Z", "America/Los_Angeles", "h12", "Nov 1, 2026, 1:30 AM PDT"],
    ["2026-11-01T09:30:00Z", "America/Los_Angeles", "h12", "Nov 1, 2026, 1:30 AM PST"],
    ["2026-11-01T09:30:00Z", "America/Los_Angeles", "h23", "Nov 1, 2026, 01:30 PST"],
    // 2026-03-29 in London: 01:00 GMT becomes 02:00 BST (GMT+1).
    ["2026-03-29T00:59:00Z", "Europe/London", "h23", "Mar 29, 2026, 00:59 GMT"],
    ["2026-03-29T01:00:00Z", "Europe/London", "h23", "Mar 29, 2026, 02:00 GMT+1"],
    // The southern hemisphere: Sydney leaves daylight time on 2026-04-05 at 03:00 AEDT.
    ["2026-04-04T15:59:00Z", "Australia/Sydney", "h23", "Apr 5, 2026, 02:59 GMT+11"],
    ["2026-04-04T16:00:00Z", "Australia/Sydney", "h23", "Apr 5, 2026, 02:00 GMT+10"],
  ] as const)("%s in %s (%s) -> %s", (iso, zone, cycle, expected) => {
    expect(formatTimeWithZone(at(iso), prefs(zone, cycle))).toBe(expected);
  });
});

describe("formatDate", () => {
  it("gives the day in the reader's zone", () => {
    expect(formatDate(at("2026-01-01T07:59:00Z"), { timeZone: "America/Los_Angeles" })).toBe("Dec 31, 2025");
    expect(formatDate(at("2026-01-01T07:59:00Z"), { timeZone: "UTC" })).toBe("Jan 1, 2026");
    expect(formatDate(at("2026-11-27T17:30:00Z"), { timeZone: "Asia/Tokyo" })).toBe("Nov 28, 2026");
  });
});

describe("knownTimeZone", () => {
  it.each([
    ["Asia/Tokyo", "Asia/Tokyo"],
    ["asia/tokyo", "Asia/Tokyo"],
    ["UTC", "UTC"],
    ["America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["Etc/GMT+5", "Etc/GMT+5"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["US/Pacific", "US/Pacific"],
  ])("%s is %s", (name, expected) => {
    expect(knownTimeZone(name)).toBe(expected);
  });

  it.each(["Mars/Olympus_Mons", "", "+05:00", "Asia/Tokyo/", "Europe/../Paris", "</script>", `Europe/${"x".repeat(200)}`, "東京"])(
    "refuses %j",
    (name) => {
      expect(knownTimeZone(name)).toBeNull();
    },
  );

  it("is what the time zone input accepts, with a message saying what to do otherwise", () => {
    expect(timeZoneInput.parse(" Europe/Paris ")).toBe("Europe/Paris");
    expect(timeZoneInput.parse("europe/paris")).toBe("europe/paris");
    const refused = timeZoneInput.safeParse("Mars/Olympus_Mons");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(UNKNOWN_TIME_ZONE_MESSAGE);
  });
});

describe("hour cycles and defaults", () => {
  it("reads Intl's hour cycles as a 12- or 24-hour clock", () => {
    expect(["h11", "h12", "h23", "h24", undefined].map(hourCycleOf)).toEqual(["h12", "h12", "h23", "h23", "h23"]);
  });

  it("shows UTC on a 24-hour clock until a person's zone is known", () => {
    expect(timePrefsOf({ timeZone: null, hourCycle: null })).toEqual({ timeZone: "UTC", hourCycle: "h23" });
    expect(timePrefsOf({ timeZone: "Asia/Tokyo", hourCycle: "h12" })).toEqual({ timeZone: "Asia/Tokyo", hourCycle: "h12" });
  });
});
