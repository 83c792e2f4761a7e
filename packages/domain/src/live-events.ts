// Live events pushed to open pages (new comments), and who may receive each.
import { canSeeComment } from "./comments";
import { internalNoteEvent } from "./internal-notes";
import type { Role } from "./roles";

interface LiveCommentEvent {
  type: "comment";
  projectId: string;
  businessId: string;
  commentId: string;
  /** The comment is an internal note (isInternalNote), which reaches the studio only. */
  staffOnly: boolean;
}

export type LiveEvent = LiveCommentEvent;

/** Whoever may see the comment (canSeeComment) hears of it. */
export function canReceiveLiveEvent(viewer: { role: Role; businessId: string | null }, event: LiveEvent): boolean {
  return canSeeComment(viewer, { businessId: event.businessId, event: internalNoteEvent(event.staffOnly) });
}

export interface LiveViewer {
  id: string;
  role: Role;
  businessId: string | null;
}

/**
 * Whether a live stream opened for `opened` may go on, now that its session reads `current` (null when
 * signed out, expired or deleted). A new role or business ends it too: the page opens a new stream,
 * authorised for what the viewer may see now.
 */
export function liveStreamHolds(opened: LiveViewer, current: LiveViewer | null): boolean {
  return current !== null && current.id === opened.id && current.role === opened.role && current.businessId === opened.businessId;
}

/** Parses an event that crossed a process boundary; anything malformed is dropped, not trusted. */
export function parseLiveEvent(text: string): LiveEvent | null {
  try {
    const e = JSON.parse(text) as Partial<LiveCommentEvent>;
    if (
      e.type !== "comment" ||
      typeof e.projectId !== "string" ||
      typeof e.businessId !== "string" ||
      typeof e.commentId !== "string" ||
      typeof e.staffOnly !== "boolean"
    )
      return null;
    return { type: "comment", projectId: e.projectId, businessId: e.businessId, commentId: e.commentId, staffOnly: e.staffOnly };
  } catch {
    return null;
  }
}
