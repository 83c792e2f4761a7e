// Who may change which profile fields.
import { isAdmin, type Role } from "./roles";

export interface Actor {
  id: string;
  role: Role;
}

/** Everyone edits their own profile; an admin edits anyone's. */
export function canEditUser(actor: Actor, userId: string): boolean {
  return actor.id === userId || isAdmin(actor.role);
}

/** The e-mail address is the sign-in identity, so only an admin may change it. */
export function canChangeEmail(actor: Actor): boolean {
  return isAdmin(actor.role);
}

export const USER_NAME_MAX_LENGTH = 100;

/** An admin may not take away their own admin role: someone must always be able to manage the studio. */
export function roleChangeRefusal(actor: Actor, userId: string, role: Role): string | null {
  if (!isAdmin(actor.role)) return "Only an admin may change roles.";
  if (actor.id === userId && role !== "admin") return "You cannot remove your own admin role.";
  return null;
}

/** Where a user's access stands for the last-admin rule: their role and whether they may still sign in. */
export interface Access {
  role: Role;
  active: boolean;
}

export const LAST_ADMIN_MESSAGE = "The studio needs at least one active admin: make someone else an admin first.";

/**
 * The studio must keep at least one active admin. `activeAdmins` counts them before the change;
 * the change refused is one that takes the last of them away, by a new role or by deactivation.
 */
export function lastAdminRefusal(activeAdmins: number, before: Access, after: Access): string | null {
  const wasCounted = before.role === "admin" && before.active;
  const staysCounted = after.role === "admin" && after.active;
  if (wasCounted && !staysCounted && activeAdmins <= 1) return LAST_ADMIN_MESSAGE;
  return null;
}

/** Only an admin deactivates or reactivates, and never themselves (it would end their own session). */
export function deactivationRefusal(actor: Actor, userId: string): string | null {
  if (!isAdmin(actor.role)) return "Only an admin may deactivate or reactivate people.";
  if (actor.id === userId) return "You cannot deactivate yourself.";
  return null;
}
