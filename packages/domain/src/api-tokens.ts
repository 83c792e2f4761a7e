// API tokens (docs/api.md): what a token may be used for, who may grant which scope, and how often a token may be
// used. A token acts as its owner, never beyond its scopes: the procedures' own checks still decide what the owner may do.
import { isAdmin, type Role } from "./roles";

/** Every scope a token may carry, by its wire name. `admin` allows every other scope, and only an admin may grant it. */
export const API_SCOPES = ["projects:read", "projects:write", "comments:write", "files:write", "invoices:read", "admin"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The start of every token, so that a token found in a log or a repository is recognised for what it is. */
export const API_TOKEN_PREFIX = "atl_";
/** The longest name a token may have. */
export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** The longest life a token may be given, in days; without one it lives until revoked. */
export const API_TOKEN_MAX_DAYS = 366;

/** How many calls one token may make in a window, and the window's length. */
export const API_RATE_LIMIT = { calls: 120, windowMs: 60_000 } as const;

/** Whether a token with `scopes` may call a route that needs `needed`. */
export function scopeAllows(scopes: readonly string[], needed: ApiScope): boolean {
  return scopes.includes(needed) || scopes.includes("admin");
}

/** Whether a person of `role` may give a token these scopes: `admin` is an admin's alone. */
export function canGrantScopes(role: Role, scopes: readonly ApiScope[]): boolean {
  return isAdmin(role) || !scopes.includes("admin");
}

/** When a token made at `now` for `days` days runs out; null when it has no expiry. */
export function apiTokenExpiry(now: Date, days: number | undefined): Date | null {
  return days === undefined ? null : new Date(now.getTime() + days * 86_400_000);
}
