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
