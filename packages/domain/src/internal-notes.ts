// Internal notes: comments, and the pins that are comments too, that are the studio's own and never shown to a
// client. A comment's event is what makes it one; the flags that say so elsewhere (a pin's `shadow`, a live event's
// `staffOnly`) are made from isInternalNote. A module of its own: the comment and proof rules both import it.
import { canSeeShadow, type Role } from "./roles";

/** The event of an internal note (one of COMMENT_EVENTS). */
export const INTERNAL_NOTE_EVENT = "shadow";

export function isInternalNote(event: string | null | undefined): boolean {
  return event === INTERNAL_NOTE_EVENT;
}

/**
 * The event that stands for a flag of isInternalNote where only the flag is at hand: a pin is written with an
 * "internal" switch, and a live event carries the flag alone.
 */
export function internalNoteEvent(internal: boolean): typeof INTERNAL_NOTE_EVENT | null {
  return internal ? INTERNAL_NOTE_EVENT : null;
}

/** Whether someone of `role` may see a comment (or its pin) as far as internal notes go. */
export function canViewComment(comment: { event?: string | null }, role: Role): boolean {
  return !isInternalNote(comment.event) || canSeeShadow(role);
}

/** Internal notes (comments and pins) are the studio's own; every other event may be posted by anyone on the project. */
export function canPostEvent(role: Role, event: string | null): boolean {
  return canViewComment({ event }, role);
}
