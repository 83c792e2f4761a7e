import { describe, expect, it } from "vitest";
import { projectDisplayName } from "./project-name";

describe("projectDisplayName", () => {
  it.each([
    ["2026-01-15-Spring-Flyer", "Spring Flyer"],
    ["2026-01-15-Menu", "Menu"],
    ["2026-01-15-a--b-", "a  b "],
    ["2026-01-15-Café Menu", "Café Menu"],
    ["2026-01-15-", ""],
    ["short", ""],
    ["", ""],
  ])("%j -> %j", (name, expected) => {
    expect(projectDisplayName(name)).toBe(expected);
  });
});
