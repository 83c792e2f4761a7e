import { describe, expect, it } from "vitest";
import { formatBytes, formatDay } from "./format";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1000, "1.0 KB"],
    [26_214_401, "26 MB"],
    [5_368_709_120, "5.4 GB"],
    [null, ""],
  ])("%s -> %s", (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe("formatDay", () => {
  it.each([
    ["2026-12-15", "Dec 15, 2026"],
    ["2027-01-01", "Jan 1, 2027"],
    ["2026-11-30", "Nov 30, 2026"],
  ])("%s -> %s", (day, text) => expect(formatDay(day)).toBe(text));
});
