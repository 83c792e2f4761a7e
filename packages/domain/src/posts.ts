// The studio's blog: who sees a draft, who edits or removes a post, and when a post counts as published.
import { isAdmin, type Role } from "./roles";

interface Author {
  id: string;
  role: Role;
}

export const POST_TITLE_MAX_LENGTH = 200;
export const POST_BODY_MAX_LENGTH = 20_000;

/** Its author edits and removes a post; an admin any post. */
export function canEditPost(actor: Author, post: { authorId: string | null }): boolean {
  return isAdmin(actor.role) || (post.authorId !== null && post.authorId === actor.id);
}

/** A published post is the whole studio's to read; a draft only its author's and the admins'. */
export function canSeePost(viewer: Author, post: { authorId: string | null; publishedAt: Date | null }): boolean {
  return post.publishedAt !== null || canEditPost(viewer, post);
}

/** When the post counts as published after an edit: published keeps its first date, a draft has none. */
export function publishedAtAfter(current: Date | null, publish: boolean, now: Date): Date | null {
  if (!publish) return null;
  return current ?? now;
}
