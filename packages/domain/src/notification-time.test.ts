import { describe, expect, it } from "vitest";
import { formatNotificationTime } from "./notification-time";

describe("formatNotificationTime", () => {
  it.each([
    // Ordinary winter (PST, UTC-8) and summer (PDT, UTC-7) times.
    ["2026-01-15T20:05:00Z", "January 15th, 12:05PM"],
    ["2026-07-04T21:30:00Z", "July 4th, 14:30PM"],
    // The UTC date is already the next day; Los Angeles is still on the previous one.
    ["2026-01-01T07:59:00Z", "December 31st, 23:59PM"],
    ["2026-01-01T08:00:00Z", "January 1st, 0:00AM"],
    // 2026-03-08: clocks jump from 02:00 PST to 03:00 PDT.
    ["2026-03-08T09:59:00Z", "March 8th, 1:59AM"],
    ["2026-03-08T10:00:00Z", "March 8th, 3:00AM"],
    ["2026-03-08T20:00:00Z", "March 8th, 13:00PM"],
    // 2026-11-01: clocks fall back from 02:00 PDT to 01:00 PST, so 01:30 happens twice.
    ["2026-11-01T08:30:00Z", "November 1st, 1:30AM"],
    ["2026-11-01T09:30:00Z", "November 1st, 1:30AM"],
    ["2026-11-01T10:30:00Z", "November 1st, 2:30AM"],
    ["2026-11-01T20:00:00Z", "November 1st, 12:00PM"],
    // Ordinals.
    ["2026-05-02T19:00:00Z", "May 2nd, 12:00PM"],
    ["2026-05-03T19:00:00Z", "May 3rd, 12:00PM"],
    ["2026-05-22T19:00:00Z", "May 22nd, 12:00PM"],
  ])("%s -> %s", (iso, expected) => {
    expect(formatNotificationTime(new Date(iso))).toBe(expected);
  });

  it("does not change the date it was given", () => {
    const date = new Date("2026-03-08T10:00:00Z");
    formatNotificationTime(date);
    expect(date.toISOString()).toBe("2026-03-08T10:00:00.000Z");
  });
});
