// Live events pushed to open pages (new comments), and who may receive each.
import { isStaff, type Role } from "./roles";

export interface LiveCommentEvent {
  type: "comment";
  projectId: string;
  businessId: string;
  commentId: string;
  /** Internal notes reach the studio only. */
  staffOnly: boolean;
}

export type LiveEvent = LiveCommentEvent;

export function canReceiveLiveEvent(viewer: { role: Role; businessId: string | null }, event: LiveEvent): boolean {
  if (isStaff(viewer.role)) return true;
  return !event.staffOnly && viewer.businessId !== null && viewer.businessId === event.businessId;
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
