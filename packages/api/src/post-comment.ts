// Posting to a project's thread, in one place: the comment, the stage it moves the project to, its notification
// mail through the outbox and the live event. comments.create and every action that speaks in the thread use it.
import { randomUUID } from "node:crypto";
import { createComment, type Db, notificationRecipients } from "@atelier/db";
import {
  type CommentDigestItem,
  type CommentEvent,
  clipCommentBody,
  commentDigest,
  commentHref,
  guestLabel,
  isInternalNote,
  proofRoundHref,
  type SessionUser,
} from "@atelier/domain";
import type { Context } from "./trpc";

export interface ThreadProject {
  id: string;
  name: string;
  title: string;
  businessId: string;
}

export interface NewThreadComment {
  event: CommentEvent | null;
  body: string;
  parentId?: string | null;
  /** The proof round it tells of, for its mail's words and link. */
  round?: number;
  /** The note that opens the project: mail tells of a project started. */
  startsProject?: boolean;
  /** Writes the comment depends on, made first in its transaction (the project that a first comment opens). */
  prepare?: (trx: Db) => Promise<void>;
}

/** Who writes: a signed-in person, or a guest reviewer by the name and address their e-mail code verified. */
export type ThreadAuthor = { user: SessionUser; guest?: undefined } | { user: null; guest: { name: string; email: string } };

/**
 * Writes the comment and its mail in one transaction (`inTransaction` runs more writes in it, such as the record of
 * the action the comment tells of), then tells open pages. Returns the comment's id.
 */
export async function postComment(
  ctx: Pick<Context, "db" | "now" | "mail" | "live" | "webhooks"> & ThreadAuthor,
  project: ThreadProject,
  input: NewThreadComment,
  inTransaction?: (trx: Db, commentId: string) => Promise<void>,
): Promise<string> {
  const { event } = input;
  const body = clipCommentBody(input.body);
  // An internal note reaches the studio only, by mail and live.
  const staffOnly = isInternalNote(event);
  const authorId = ctx.user?.id ?? null;
  const authorName = ctx.user ? (ctx.user.name ?? ctx.user.email) : guestLabel(ctx.guest.name);
  const comment = {
    id: randomUUID(),
    projectId: project.id,
    userId: authorId,
    ...(ctx.guest ? { guest: ctx.guest } : {}),
    event,
    body,
    parentId: input.parentId ?? null,
    createdAt: ctx.now(),
  };
  const mail = ctx.mail;
  // The comment and its notification mail are kept together or not at all: the outbox delivers the mail.
  await ctx.db.transaction().execute(async (trx) => {
    await input.prepare?.(trx);
    await createComment(trx, comment);
    await inTransaction?.(trx, comment.id);
    if (!mail) return;
    const recipients = await notificationRecipients(trx, {
      projectId: project.id,
      authorId,
      staffOnly,
    });
    // A notice about a round opens that round; anything else opens the comment in its thread.
    const url = `${mail.appUrl}${input.round === undefined ? commentHref(project.id, comment.id) : proofRoundHref(project.id, input.round)}`;
    // Its ids let who may see it be decided again when the mail goes, to whoever each recipient is by then.
    const item: CommentDigestItem = {
      commentId: comment.id,
      projectId: project.id,
      author: authorName,
      event,
      projectName: project.name,
      projectTitle: project.title,
      body,
      url,
      ...(input.round === undefined ? {} : { round: input.round }),
      ...(input.startsProject ? { startsProject: true } : {}),
      postedAt: comment.createdAt.toISOString(),
    };
    // A notice goes at once in a mail of its own; comments on one project within a few minutes (or a day, for a daily
    // reader) become one mail.
    await mail.outbox.gather(
      trx,
      recipients.flatMap((r) => {
        const digest = commentDigest(
          { id: r.id, preference: r.mailPreference },
          { ...comment, startsProject: input.startsProject },
          comment.createdAt,
          mail.digestWindowMs,
        );
        return digest && r.email
          ? [{ kind: "comment", recipientId: r.id, to: r.email, digestKey: digest.key, sendAt: digest.sendAt, item }]
          : [];
      }),
    );
  });
  mail?.outbox.kick();
  ctx.webhooks?.kick?.();
  await ctx.live
    ?.publish({
      type: "comment",
      projectId: project.id,
      businessId: project.businessId,
      commentId: comment.id,
      staffOnly,
    })
    .catch((error: unknown) => ctx.mail?.onError?.(error));
  return comment.id;
}
