import { describe, expect, it } from "vitest";
import { formatBytes } from "./format";

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
