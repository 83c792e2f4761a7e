import { describe, expect, it } from "vitest";
import { canChangeEmail, canEditUser, roleChangeRefusal } from "./user-rules";

describe("canEditUser", () => {
  it.each([
    [{ id: "a", role: "client" as const }, "a", true],
    [{ id: "a", role: "client" as const }, "b", false],
    [{ id: "a", role: "creative" as const }, "b", false],
    [{ id: "a", role: "admin" as const }, "b", true],
  ])("%o editing %s -> %s", (actor, target, expected) => {
    expect(canEditUser(actor, target)).toBe(expected);
  });
});

describe("canChangeEmail", () => {
  it.each([
    ["admin" as const, true],
    ["creative" as const, false],
    ["client" as const, false],
  ])("%s -> %s", (role, expected) => {
    expect(canChangeEmail({ id: "x", role })).toBe(expected);
  });
});

describe("roleChangeRefusal", () => {
  it.each([
    [{ id: "a", role: "admin" as const }, "b", "creative" as const, null],
    [{ id: "a", role: "admin" as const }, "a", "admin" as const, null],
    [{ id: "a", role: "admin" as const }, "a", "client" as const, "You cannot remove your own admin role."],
    [{ id: "a", role: "creative" as const }, "b", "client" as const, "Only an admin may change roles."],
  ])("%o sets %s to %s", (actor, target, role, expected) => {
    expect(roleChangeRefusal(actor, target, role)).toBe(expected);
  });
});
