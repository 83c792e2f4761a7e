import { describe, expect, it } from "vitest";
import { InvalidPathError, joinKey, MAX_KEY_BYTES, securePath } from "./secure-path";

describe("securePath", () => {
  it.each([
    ["", "empty"],
    ["a\0b", "nul"],
    ["a\nb", "control-character"],
    ["x".repeat(MAX_KEY_BYTES + 1), "too-long"],
    ["/etc/passwd", "absolute"],
    ["C:\\Windows", "drive"],
    ["c:relative", "drive"],
    ["\\\\server\\share\\f", "unc"],
    ["//server/share", "unc"],
    ["a\\b", "backslash"],
    ["a//b", "empty-segment"],
    ["a/", "empty-segment"],
    ["..", "dot-segment"],
    ["a/../b", "dot-segment"],
    ["./a", "dot-segment"],
    ["a/.", "dot-segment"],
  ])("refuses %j (%s)", (key, reason) => {
    expect(() => securePath(key)).toThrow(InvalidPathError);
    try {
      securePath(key);
    } catch (error) {
      expect((error as InvalidPathError).reason).toBe(reason);
      expect((error as InvalidPathError).code).toBe("invalid_path");
    }
  });

  it.each(["a", "avatars/client/x.jpg", "...", "..a/b..", "é/ü file (1).png", "x".repeat(MAX_KEY_BYTES)])("accepts %j unchanged", (key) => {
    expect(securePath(key)).toBe(key);
  });

  it("checks joined keys as a whole", () => {
    expect(joinKey("groups", "id", "parts")).toBe("groups/id/parts");
    expect(() => joinKey("groups", "..")).toThrow(InvalidPathError);
  });
});
