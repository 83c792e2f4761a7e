import { describe, expect, it } from "vitest";
import { canSeeShadow, isAdmin, isRole, isStaff, ROLES, type Role } from "./roles";

describe("roles", () => {
  it("lists the three roles", () => {
    expect(ROLES).toEqual(["admin", "creative", "client"]);
  });

  it.each<[Role, boolean, boolean, boolean]>([
    // role, staff, admin, sees shadow
    ["admin", true, true, true],
    ["creative", true, false, true],
    ["client", false, false, false],
  ])("%s: staff=%s admin=%s shadow=%s", (role, staff, admin, shadow) => {
    expect(isStaff(role)).toBe(staff);
    expect(isAdmin(role)).toBe(admin);
    expect(canSeeShadow(role)).toBe(shadow);
  });

  it.each<[unknown, boolean]>([
    ["admin", true],
    ["client", true],
    ["designer", false],
    ["Admin", false],
    [null, false],
    [1, false],
  ])("isRole(%j) is %s", (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});
