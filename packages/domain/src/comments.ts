// Comment events, read state and the notification lists built from comments.

import { canViewComment, INTERNAL_NOTE_EVENT, isInternalNote } from "./internal-notes";
import { canSeeProject, type ProjectViewer } from "./projects";
import { canSeeShadow, isStaff, type Role } from "./roles";

export const COMMENT_EVENTS = [
  "modification",
  "reopened",
  "briefing",
  "approved",
  INTERNAL_NOTE_EVENT,
  "in_progress",
  "proof_sent",
  "delivered",
  "invoice_sent",
] as const;

export type CommentEvent = (typeof COMMENT_EVENTS)[number];

interface CommentUser {
  id: string;
  name: string | null;
  image: string | null;
}

interface CommentProject {
  id: string;
  name: string;
  /** The title exactly as typed: what people read. */
  title: string;
}

interface CommentRead {
  userId: string;
}

export interface Comment {
  id: string;
  // null (or absent) is a plain comment.
  event?: CommentEvent | null;
  user: CommentUser;
  project: CommentProject;
  reads: readonly CommentRead[];
  createdAt: Date;
  isChild: boolean;
  parentId: string | null;
}

export interface Viewer {
  id: string;
  role: Role;
}

export function isCommentEvent(value: unknown): value is CommentEvent {
  return typeof value === "string" && (COMMENT_EVENTS as readonly string[]).includes(value);
}

// Stored values outside the known set are plain comments, not errors.
export function toCommentEvent(value: unknown): CommentEvent | null {
  return isCommentEvent(value) ? value : null;
}

const PLAIN_COMMENT_LABEL = "made a comment at";

const EVENT_LABELS = {
  modification: "asked for modification",
  briefing: "started the project",
  approved: "approved the project",
  reopened: "reopened the project",
  shadow: PLAIN_COMMENT_LABEL,
  in_progress: "started work on",
  proof_sent: "sent a proof of",
  delivered: "delivered",
  invoice_sent: "sent an invoice for",
} as const satisfies Record<CommentEvent, string>;

export function eventLabel(event: string | null | undefined): string {
  return isCommentEvent(event) ? EVENT_LABELS[event] : PLAIN_COMMENT_LABEL;
}

/**
 * What a project's own thread says beside a comment's author: the event as a whole phrase, since the project it is
 * about is the page (EVENT_LABELS end in "of" or "on" before a project's title). None for a plain comment or a note.
 */
const THREAD_EVENT_LABELS = {
  modification: "asked for changes",
  briefing: "started the project",
  approved: "approved the project",
  reopened: "reopened the project",
  shadow: null,
  in_progress: "started work",
  proof_sent: "sent a proof",
  delivered: "delivered the print-ready files",
  invoice_sent: "sent an invoice",
} as const satisfies Record<CommentEvent, string | null>;

export function threadEventLabel(event: string | null | undefined): string | null {
  return isCommentEvent(event) ? THREAD_EVENT_LABELS[event] : null;
}

export function isRead(comment: Pick<Comment, "reads">, userId: string): boolean {
  return comment.reads.some((read) => read.userId === userId);
}

// Own comments never count as unread, even though nobody marked them read.
export function isUnread(comment: Pick<Comment, "reads" | "user">, userId: string): boolean {
  return comment.user.id !== userId && !isRead(comment, userId);
}

/** Whether a person may see a comment at all: its project is theirs to see, and it is no internal note kept from them. */
export function canSeeComment(viewer: ProjectViewer, comment: Pick<Comment, "event"> & { businessId: string }): boolean {
  return canSeeProject(viewer, comment) && canViewComment(comment, viewer.role);
}

// A child whose parent is gone has nothing to hang from in a thread.
export function isOrphanChild(comment: Pick<Comment, "isChild" | "parentId">): boolean {
  return comment.isChild && comment.parentId === null;
}

function newestFirst<C extends Pick<Comment, "createdAt">>(a: C, b: C): number {
  return b.createdAt.getTime() - a.createdAt.getTime();
}

// Generic so callers keep any extra fields their rows carry.
export function notificationsFor<C extends Comment>(comments: readonly C[], viewer: Viewer): { unread: C[]; old: C[] } {
  const unread: C[] = [];
  const old: C[] = [];
  for (const comment of comments) {
    if (comment.user.id === viewer.id) continue;
    if (!canViewComment(comment, viewer.role)) continue;
    if (isOrphanChild(comment)) continue;
    (isRead(comment, viewer.id) ? old : unread).push(comment);
  }
  return { unread: unread.sort(newestFirst), old: old.sort(newestFirst) };
}

export function unreadCount(comments: readonly Comment[], viewer: Viewer): number {
  return notificationsFor(comments, viewer).unread.length;
}

/**
 * Whether two states of a person (before and after a change of role or business) see the same notifications: the
 * studio sees every business's, internal notes included; a client its own business's.
 */
export function sameNotificationScope(a: { role: Role; businessId: string | null }, b: { role: Role; businessId: string | null }): boolean {
  if (canSeeShadow(a.role) !== canSeeShadow(b.role) || isStaff(a.role) !== isStaff(b.role)) return false;
  return isStaff(a.role) || a.businessId === b.businessId;
}

/** The parameter of a project's page that names the comment to show there. */
export const COMMENT_LINK_PARAM = "id";

/** Where a comment is shown: its project's page, at the comment. Notifications link here, mails after the app's URL. */
export function commentHref(projectId: string, commentId: string): string {
  return `/projects/${encodeURIComponent(projectId)}?${COMMENT_LINK_PARAM}=${encodeURIComponent(commentId)}`;
}

/** The anchor of a proof round on its project's page, before the round's number. */
export const PROOF_ROUND_ANCHOR = "round-";

/** Where a proof round is shown: its project's page, at the round. Mail about a round links here. */
export function proofRoundHref(projectId: string, round: number): string {
  return `/projects/${encodeURIComponent(projectId)}#${PROOF_ROUND_ANCHOR}${round}`;
}

export const NOTIFICATION_TEXT = {
  title: "Unread Notifications",
  old: "Old notifications",
  markAllRead: "Mark All Read",
} as const;

/**
 * The event a reply is kept with, or "refused". A reply to an internal note belongs to the studio's
 * internal conversation: a plain reply is kept as an internal note too (its writer answers a note only
 * the studio sees, and expects the answer to stay there), and a reply that tells the client something
 * (an approval, a request for changes…) is refused, since it would hang from a note the client never sees.
 */
export function replyEvent(parentEvent: CommentEvent | null, event: CommentEvent | null): CommentEvent | null | "refused" {
  if (!isInternalNote(parentEvent)) return event;
  return event === null || isInternalNote(event) ? INTERNAL_NOTE_EVENT : "refused";
}

export const COMMENT_BODY_MAX_LENGTH = 5000;

/**
 * A comment within the limit the database keeps: what people type is refused past it at the form, but a note the
 * product composes (a round's note after "Round 2: ", the names of many files) is cut, ending with an ellipsis.
 */
export function clipCommentBody(body: string): string {
  if (body.length <= COMMENT_BODY_MAX_LENGTH) return body;
  // Cut between code points, never inside a surrogate pair.
  const cut = body.slice(0, COMMENT_BODY_MAX_LENGTH - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/** A project thread comes a page of this many comments at a time, the newest first. */
export const THREAD_PAGE_SIZE = 50;

/** What a comment can say besides its text, as the composer offers it. */
export const COMMENT_KINDS = [
  { event: null, label: "Comment" },
  { event: "modification", label: "Request changes" },
  { event: "approved", label: "Approve" },
  { event: "briefing", label: "Brief" },
  { event: "reopened", label: "Reopen" },
  { event: INTERNAL_NOTE_EVENT, label: "Internal note" },
  { event: "in_progress", label: "Start work" },
  { event: "delivered", label: "Deliver" },
] as const satisfies readonly { event: CommentEvent | null; label: string }[];
