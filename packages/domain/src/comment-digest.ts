// A gathered comment mail is decided again when it goes, and whenever its recipient's address or access changes:
// between the first comment and the mail, the person may have a new address, a new role or business, or be gone.
import { z } from "zod";
import { COMMENT_LINK_PARAM, type CommentEvent, canSeeComment, toCommentEvent } from "./comments";
import { canViewComment } from "./internal-notes";
import { emailNotificationOf, type MailPreference } from "./outbox";
import { isStaff, type Role } from "./roles";
import { type HourCycle, type TimePrefs, timePrefsOf } from "./time-format";

/** One comment as a gathering mail keeps it until it is sent; its ids let who may see it be decided again then. */
const commentDigestItem = z.object({
  // Absent from items gathered before they were kept (their link still names both; see commentOfDigestItem).
  commentId: z.string().optional(),
  projectId: z.string().optional(),
  author: z.string(),
  event: z.string().nullable(),
  projectName: z.string(),
  // The title as typed; absent from items gathered before it was kept (their name is shown as words instead).
  projectTitle: z.string().optional(),
  body: z.string(),
  url: z.string(),
  /** The proof round a notice is about, when it is about one. */
  round: z.number().int().optional(),
  /** The note that opened the project: mail tells of a project started. */
  startsProject: z.boolean().optional(),
  /** When it was posted (ISO 8601); the mail shows it in its reader's zone. Absent from items gathered before. */
  postedAt: z.string().datetime().optional(),
});
export type CommentDigestItem = z.infer<typeof commentDigestItem>;

/** The recipient as they are now. */
export interface DigestRecipient {
  email: string | null;
  role: Role;
  businessId: string | null;
  deactivatedAt: Date | null;
  mailPreference: MailPreference;
  timeZone?: string | null;
  hourCycle?: HourCycle | null;
}

/** A gathered comment as it is now; a deleted one is simply not there. */
export interface DigestComment {
  projectId: string;
  businessId: string;
  event: CommentEvent | null;
}

/** The comment and project an item is about: its own ids, or for an older item those its link names. */
export function commentOfDigestItem(item: CommentDigestItem): { commentId: string; projectId: string } | null {
  if (item.commentId && item.projectId) return { commentId: item.commentId, projectId: item.projectId };
  // The link is the app's URL and commentHref.
  const url = parseUrl(item.url);
  const projectId = url?.pathname.match(/\/projects\/([^/]+)$/)?.[1];
  const commentId = url?.searchParams.get(COMMENT_LINK_PARAM);
  return projectId && commentId ? { commentId, projectId: decodeURIComponent(projectId) } : null;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The items a stored payload holds that can be read; anything else in it is dropped, never thrown on. */
export function readDigestItems(payload: unknown): CommentDigestItem[] {
  if (!Array.isArray(payload)) return [];
  return payload.flatMap((raw) => {
    const parsed = commentDigestItem.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The ids of the comments to look up before deciding a digest. */
export function digestCommentIds(items: readonly CommentDigestItem[]): string[] {
  return [...new Set(items.flatMap((item) => commentOfDigestItem(item)?.commentId ?? []))];
}

/**
 * What a digest may tell its recipient now, and where it goes: only comments that still exist, on the project the item
 * names, that the person may see today (canSeeComment), to their current address; null when nothing is left (a
 * deactivated or unknown person, mail turned off, no address, or nothing they may see). `staff` says how to word it: the
 * studio is told what the client was asked, the client what to do.
 */
/** A gathered mail as it goes: to whom, what they may still see, whether they are the studio, and their clock. */
export interface CurrentCommentDigest {
  to: string;
  items: CommentDigestItem[];
  staff: boolean;
  time: TimePrefs;
}

export function currentCommentDigest(
  recipient: DigestRecipient | undefined,
  items: readonly CommentDigestItem[],
  comments: ReadonlyMap<string, DigestComment>,
): CurrentCommentDigest | null {
  if (!recipient?.email || recipient.deactivatedAt !== null || !emailNotificationOf(recipient.mailPreference)) return null;
  const kept = items.filter((item) => {
    const ref = commentOfDigestItem(item);
    // Not tied to any project: only the studio, who sees every project, may still hear of it.
    if (!ref) return isStaff(recipient.role) && canViewComment({ event: toCommentEvent(item.event) }, recipient.role);
    const comment = comments.get(ref.commentId);
    return comment !== undefined && comment.projectId === ref.projectId && canSeeComment(recipient, comment);
  });
  return kept.length > 0 ? { to: recipient.email, items: kept, staff: isStaff(recipient.role), time: timePrefsOf(recipient) } : null;
}
