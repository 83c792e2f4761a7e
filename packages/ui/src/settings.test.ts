import { describe, expect, it } from "vitest";
import { isTheme, TOAST_DURATION_MS, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD_PX } from "./settings";

describe("isTheme", () => {
  it.each<[unknown, boolean]>([
    ["light", true],
    ["dark", true],
    ["system", true],
    ["Dark", false],
    [null, false],
  ])("%j -> %s", (value, expected) => {
    expect(isTheme(value)).toBe(expected);
  });
});

describe("fixed values", () => {
  it("matches the toast policy", () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX]).toEqual([3, 5000, 50]);
  });
});
