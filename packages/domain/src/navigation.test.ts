import { describe, expect, it } from "vitest";
import { canOpenRoute, commandPaletteItems, editProfileHref, isActiveNavItem, navItems } from "./navigation";
import type { Role } from "./roles";

const labels = (role: Role) => navItems(role).map((item) => item.label);

describe("navItems", () => {
  it.each<[Role, string[]]>([
    ["admin", ["Projects", "Archive", "Businesses", "Workload", "Users", "Invoices", "Billing", "Blog"]],
    ["creative", ["Projects", "Archive", "Businesses", "Workload", "Billing", "Blog"]],
    ["client", ["Projects", "Archive", "Billing"]],
  ])("%s sees %j in sidebar order", (role, expected) => {
    expect(labels(role)).toEqual(expected);
  });

  it("pairs each label with its route and nothing else", () => {
    expect(navItems("admin")).toEqual([
      { href: "/", label: "Projects" },
      { href: "/archives", label: "Archive" },
      { href: "/clients", label: "Businesses" },
      { href: "/workload", label: "Workload" },
      { href: "/users", label: "Users" },
      { href: "/invoices", label: "Invoices" },
      { href: "/settings", label: "Billing" },
      { href: "/blog", label: "Blog" },
    ]);
  });
});

describe("isActiveNavItem", () => {
  it.each<[string, string, boolean]>([
    ["/", "/", true],
    ["/projects/abc", "/", true],
    ["/projects-old", "/", false],
    ["/clients", "/", false],
    ["/clients", "/clients", true],
    ["/clients/42", "/clients", true],
    ["/clients?page=2", "/clients", true],
    ["/clientsarchive", "/clients", false],
    ["/archives", "/clients", false],
  ])("%s highlights %s: %s", (pathname, href, expected) => {
    expect(isActiveNavItem(pathname, href)).toBe(expected);
  });
});

describe("editProfileHref", () => {
  it.each([
    ["u1", "/users/edit/u1"],
    ["a/b", "/users/edit/a%2Fb"],
  ])("%s -> %s", (id, href) => {
    expect(editProfileHref(id)).toBe(href);
  });
});

describe("commandPaletteItems", () => {
  it.each<[Role, string[]]>([
    ["admin", ["/projects/create", "/users/create", "/clients/create"]],
    ["creative", ["/projects/create", "/clients/create"]],
    ["client", ["/projects/create"]],
  ])("%s gets %j", (role, hrefs) => {
    expect(commandPaletteItems(role).map((item) => item.href)).toEqual(hrefs);
  });

  it("labels the entries as docs/product.md does", () => {
    expect(commandPaletteItems("admin")).toEqual([
      { href: "/projects/create", label: "Create Project" },
      { href: "/users/create", label: "Create User" },
      { href: "/clients/create", label: "Create Business" },
    ]);
  });
});

describe("canOpenRoute", () => {
  it.each([
    ["client", "/", true],
    ["client", "/archives", true],
    ["client", "/clients", false],
    ["client", "/clients/create", false],
    ["client", "/users", false],
    ["client", "/users/create", false],
    ["client", "/users/edit/someone", true],
    ["client", "/invoices/42", false],
    ["client", "/projects/create", true],
    ["creative", "/clients/create", true],
    ["creative", "/users", false],
    ["creative", "/blog", true],
    // Designers draft invoices from Billing, though Invoices is no entry of theirs.
    ["creative", "/invoices/create", true],
    ["creative", "/invoices/42", true],
    ["admin", "/invoices", true],
    ["admin", "/users/create", true],
    // Webhooks tell of every business: an admin's page, under Billing, which everyone opens.
    ["admin", "/settings/webhooks", true],
    ["creative", "/settings/webhooks", false],
    ["client", "/settings/webhooks", false],
    ["client", "/settings/tokens", true],
  ] as const)("%s on %s -> %s", (role, path, expected) => {
    expect(canOpenRoute(role, path)).toBe(expected);
  });
});
