// Roles and the permission checks that depend only on a role.

export const ROLES = ["admin", "creative", "client"] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

// The "designer" tier is staff: admin or creative (docs/product.md, "Roles and their names").
export const STAFF_ROLES = ["admin", "creative"] as const satisfies readonly Role[];

export function isStaff(role: Role): boolean {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

export function isAdmin(role: Role): boolean {
  return role === "admin";
}

// Internal notes are for the privileged tier, staff (docs/notifications.md, "Who may see a comment").
export function canSeeShadow(role: Role): boolean {
  return isStaff(role);
}

/** How roles read in the interface: the creative role reads "Designer" (docs/product.md). */
export const ROLE_LABELS = { admin: "Admin", creative: "Designer", client: "Client" } as const satisfies Record<Role, string>;

/** What an account is: a person, or an app that owns API tokens (docs/api.md: no address, no sign-in, no bell). */
export const USER_KINDS = ["person", "app"] as const;
export type UserKind = (typeof USER_KINDS)[number];
