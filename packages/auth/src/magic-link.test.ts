import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./magic-link";

describe("normalizeEmail", () => {
  it.each([
    ["  Victim@X.com ", "victim@x.com"],
    ["victim@x.com,1", "victim@x.com"],
    ["victim@x.com,attacker.example", "victim@x.com"],
    ["ｖｉｃｔｉｍ＠ｘ．ｃｏｍ", "victim@x.com"],
    ["ＶＩＣＴＩＭ@X.COM", "victim@x.com"],
    ["admin@atelier.local", "admin@atelier.local"],
  ])("makes %j the one form %j", (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });

  it.each(["", "victim", "victim@x", "a@b@x.com", "victim@x.com, b@y.com", '"a b"@x.com', "a b@x.com", "@x.com", "victim@,x.com"])(
    "refuses %j",
    (input) => {
      expect(() => normalizeEmail(input)).toThrow("Invalid email address format.");
    },
  );
});
