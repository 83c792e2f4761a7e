import { describe, expect, it } from "vitest";
import { canChangeEmail, canEditUser, deactivationRefusal, LAST_ADMIN_MESSAGE, lastAdminRefusal, roleChangeRefusal } from "./user-rules";

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

describe("lastAdminRefusal", () => {
  const admin = { role: "admin" as const, active: true };
  it.each([
    ["demoting the last admin", 1, admin, { role: "creative" as const, active: true }, LAST_ADMIN_MESSAGE],
    ["deactivating the last admin", 1, admin, { role: "admin" as const, active: false }, LAST_ADMIN_MESSAGE],
    ["demoting one of two admins", 2, admin, { role: "client" as const, active: true }, null],
    ["deactivating one of two admins", 2, admin, { role: "admin" as const, active: false }, null],
    ["keeping the last admin an admin", 1, admin, admin, null],
    [
      "deactivating a designer when one admin is left",
      1,
      { role: "creative" as const, active: true },
      { role: "creative" as const, active: false },
      null,
    ],
    ["demoting a deactivated admin", 1, { role: "admin" as const, active: false }, { role: "client" as const, active: false }, null],
    ["reactivating an admin", 0, { role: "admin" as const, active: false }, admin, null],
  ])("%s", (_name, count, before, after, expected) => {
    expect(lastAdminRefusal(count, before, after)).toBe(expected);
  });
});

describe("deactivationRefusal", () => {
  it.each([
    [{ id: "a", role: "admin" as const }, "b", null],
    [{ id: "a", role: "admin" as const }, "a", "You cannot deactivate yourself."],
    [{ id: "a", role: "creative" as const }, "b", "Only an admin may deactivate or reactivate people."],
    [{ id: "a", role: "client" as const }, "b", "Only an admin may deactivate or reactivate people."],
  ])("%o deactivating %s", (actor, target, expected) => {
    expect(deactivationRefusal(actor, target)).toBe(expected);
  });
});
