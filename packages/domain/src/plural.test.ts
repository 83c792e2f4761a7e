import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("names one in the singular, and none or many in the plural, regular or given", () => {
    expect([0, 1, 2].map((n) => plural(n, "file"))).toEqual(["0 files", "1 file", "2 files"]);
    expect(plural(3, "business", "businesses")).toBe("3 businesses");
  });
});
