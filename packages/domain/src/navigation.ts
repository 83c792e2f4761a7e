// Sidebar, avatar-menu and command-palette entries, filtered by role.

import { isAdmin, isStaff, type Role } from "./roles";

type Audience = "everyone" | "staff" | "admin";

export interface NavLink {
  href: string;
  label: string;
}

function reaches(audience: Audience, role: Role): boolean {
  if (audience === "admin") return isAdmin(role);
  if (audience === "staff") return isStaff(role);
  return true;
}

// Order matters: the sidebar renders in this order.
const NAV_ITEMS = [
  { href: "/", label: "Projects", audience: "everyone" },
  { href: "/archives", label: "Archive", audience: "everyone" },
  { href: "/clients", label: "Businesses", audience: "staff" },
  { href: "/workload", label: "Workload", audience: "staff" },
  { href: "/users", label: "Users", audience: "admin" },
  { href: "/invoices", label: "Invoices", audience: "admin" },
  { href: "/settings", label: "Billing", audience: "everyone" },
  { href: "/blog", label: "Blog", audience: "staff" },
] as const satisfies readonly (NavLink & { audience: Audience })[];

export function navItems(role: Role): NavLink[] {
  return NAV_ITEMS.filter((item) => reaches(item.audience, role)).map(({ href, label }) => ({
    href,
    label,
  }));
}

// '/' would otherwise match every route, so the root only highlights on an exact match;
// other items also highlight on their sub-routes (/clients/42 keeps Businesses lit).
export function isActiveNavItem(pathname: string, href: string): boolean {
  const path = pathname.split(/[?#]/, 1)[0] ?? "";
  // Projects live at '/', and a project's own pages under /projects.
  if (href === "/") return path === "/" || path.startsWith("/projects/");
  return path === href || path.startsWith(`${href}/`);
}

export function editProfileHref(userId: string): string {
  return `/users/edit/${encodeURIComponent(userId)}`;
}

export const COMMAND_PALETTE_TEXT = {
  placeholder: "Type a command or search...",
  empty: "No results found.",
  group: "Suggestions",
} as const;

// A client asking for a flyer starts a project, so everyone may create one; creating
// businesses matches who sees /clients (staff) and creating users who sees /users (admin).
const COMMAND_PALETTE_ITEMS = [
  { href: "/projects/create", label: "Create Project", audience: "everyone" },
  { href: "/users/create", label: "Create User", audience: "admin" },
  { href: "/clients/create", label: "Create Business", audience: "staff" },
] as const satisfies readonly (NavLink & { audience: Audience })[];

export function commandPaletteItems(role: Role): NavLink[] {
  return COMMAND_PALETTE_ITEMS.filter((item) => reaches(item.audience, role)).map(({ href, label }) => ({ href, label }));
}

/**
 * Pages open to more people than their nav entry names: designers draft invoices (from Billing) for an admin to send,
 * though Invoices stays an admin's entry.
 */
const ROUTE_AUDIENCES = [
  { href: "/invoices", audience: "staff" },
  { href: "/settings/webhooks", audience: "admin" },
  { href: "/settings/services", audience: "staff" },
] as const satisfies readonly { href: string; audience: Audience }[];

/**
 * Whether a role may open a page: the audience of the route, or of the nav or palette entry the path falls under.
 * Profile editing is everyone's (the API still refuses anyone but the owner or an admin).
 */
export function canOpenRoute(role: Role, pathname: string): boolean {
  const path = pathname.split(/[?#]/, 1)[0] ?? "";
  if (path.startsWith("/users/edit/")) return true;
  const entries = [...ROUTE_AUDIENCES, ...COMMAND_PALETTE_ITEMS, ...NAV_ITEMS].filter((item) => item.href !== "/");
  const match = entries.find((item) => isActiveNavItem(path, item.href));
  return match ? reaches(match.audience, role) : true;
}
