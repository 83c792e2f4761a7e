// comments.*: each project's thread, and the notifications made of it. Clients never receive internal (shadow) notes.
import {
  findComment,
  listNotifications,
  listProjectComments,
  markAllRead,
  markCommentRead,
  markProjectRead,
  unreadByProject,
  unreadCount,
} from "@atelier/db";
import {
  COMMENT_EVENTS,
  canPostEvent,
  canSeeComment,
  canSeeShadow,
  canViewComment,
  commentBodyInput,
  DomainError,
  idInput,
  replyEvent,
  requestIdInput,
  THREAD_PAGE_SIZE,
} from "@atelier/domain";
import { z } from "zod";
import { postComment } from "../post-comment";
import { assertCommentEvent } from "../proof-checks";
import { once } from "../request-once";
import { projectProcedure, protectedProcedure, router } from "../trpc";
import { commentCreated } from "../webhooks/events";

const id = idInput;
/** Where a newest-first page ended (the last comment shown): the next page starts after it. */
const cursorInput = z.object({ createdAt: z.date(), id });
const NOTIFICATION_LIMIT = 100;
/** A page of the bell's list without a `limit`: what a bell shows at once (unreadByProject groups as many). */
const NOTIFICATION_PAGE = 30;

export const commentsRouter = router({
  /**
   * The viewer's notifications in the shape of docs/notifications.md, "The bell" (comments with reads, user, project), newest first: without input
   * the newest 30 (up to 100 with `limit`), read and unread; `filter` narrows to the unread or the read ('Old notifications'), `cursor` (the last comment shown) pages on.
   */
  findMany: protectedProcedure
    .input(
      z
        .object({
          filter: z.enum(["all", "unread", "read"]).default("all"),
          cursor: cursorInput.nullish(),
          limit: z.number().int().min(1).max(NOTIFICATION_LIMIT).default(NOTIFICATION_PAGE),
        })
        .default({ filter: "all", limit: NOTIFICATION_PAGE }),
    )
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user, { ...input, before: input.cursor ?? undefined })),

  /** The exact number of the viewer's unread notifications, for the bell's badge. */
  unreadCount: protectedProcedure.query(async ({ ctx }) => ({ count: await unreadCount(ctx.db, ctx.user.id) })),

  /** The unread notifications as the bell lists them: one entry per project, with how many and the newest. */
  unreadByProject: protectedProcedure
    .input(
      z.object({ limit: z.number().int().min(1).max(NOTIFICATION_LIMIT).default(NOTIFICATION_PAGE) }).default({ limit: NOTIFICATION_PAGE }),
    )
    .query(({ ctx, input }) => unreadByProject(ctx.db, ctx.user, input.limit)),

  /** Mark All Read on the server, however many there are; answers how many were unread. */
  markAllRead: protectedProcedure.mutation(async ({ ctx }) => ({ marked: await markAllRead(ctx.db, ctx.user.id) })),

  /** The viewer opened a project: its notifications are read. */
  readProject: projectProcedure(z.object({ projectId: id })).mutation(async ({ ctx }) => ({
    marked: await markProjectRead(ctx.db, ctx.user.id, ctx.project.id),
  })),

  /** A project's thread, oldest first: the newest page, or the page before `cursor` (the oldest comment shown). */
  byProject: projectProcedure(z.object({ projectId: id, cursor: cursorInput.nullish() })).query(async ({ ctx, input }) => {
    const comments = await listProjectComments(ctx.db, ctx.user.id, {
      projectId: ctx.project.id,
      withoutShadow: !canSeeShadow(ctx.user.role),
      before: input.cursor ?? undefined,
      limit: THREAD_PAGE_SIZE,
    });
    return comments.reverse();
  }),

  create: projectProcedure(
    z.object({
      projectId: id,
      body: commentBodyInput,
      event: z.enum(COMMENT_EVENTS).nullable().default(null),
      parentId: id.optional(),
      requestId: requestIdInput,
    }),
  ).mutation(async ({ ctx, input }) => {
    const { project } = ctx;
    if (!canPostEvent(ctx.user.role, input.event)) throw new DomainError("FORBIDDEN", "Only the studio writes internal notes.");
    const parent = input.parentId ? await findComment(ctx.db, input.parentId) : undefined;
    if (input.parentId && (!parent || parent.projectId !== project.id || !canViewComment(parent, ctx.user.role))) {
      throw new DomainError("NOT_FOUND", "No such comment to reply to.");
    }
    const event = replyEvent(parent?.event ?? null, input.event);
    if (event === "refused")
      throw new DomainError("BAD_INPUT", "A reply to an internal note stays internal: post this as its own comment.");
    await assertCommentEvent(ctx, project, event);
    return once(ctx, "comments.create", input.requestId, async (claim) => {
      const parentId = input.parentId ?? null;
      const commentId = await postComment(ctx, project, { event, body: input.body, parentId }, async (trx, commentId) => {
        await claim(trx, { id: commentId });
        await commentCreated(trx, ctx, project, { id: commentId, event, body: input.body, parentId });
      });
      return { id: commentId };
    });
  }),

  /**
   * Where a comment a link names sits in a project's thread: its id and time, or null when it is not in this thread
   * or not the caller's to see (an internal note for a client), so that a thread seeks it only while it can be found.
   */
  locate: projectProcedure(z.object({ projectId: id, id })).query(async ({ ctx, input }) => {
    const comment = await findComment(ctx.db, input.id);
    if (!comment || comment.projectId !== ctx.project.id || !canViewComment(comment, ctx.user.role)) return null;
    return { id: comment.id, createdAt: comment.createdAt };
  }),

  /** Marks one comment read for the caller (the payload may carry the user id too; it must be the caller's: docs/product.md). */
  read: protectedProcedure.input(z.object({ commentId: id, userId: id.optional() })).mutation(async ({ ctx, input }) => {
    if (input.userId !== undefined && input.userId !== ctx.user.id)
      throw new DomainError("FORBIDDEN", "You can only mark your own notifications read.");
    const comment = await findComment(ctx.db, input.commentId);
    const visible = comment && canSeeComment(ctx.user, comment);
    if (!visible) throw new DomainError("NOT_FOUND", "No such comment.");
    await markCommentRead(ctx.db, comment.id, ctx.user.id);
    return { commentId: comment.id };
  }),
});
