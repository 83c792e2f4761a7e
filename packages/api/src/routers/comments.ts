// comments.*: each project's thread, and the notifications made of it. Clients never receive internal (shadow) notes.
import { findComment, listComments, markCommentRead } from "@atelier/db";
import {
  COMMENT_BODY_MAX_LENGTH,
  COMMENT_EVENTS,
  canPostEvent,
  canSeeProject,
  canSeeShadow,
  canViewComment,
  DomainError,
  isStaff,
  replyEvent,
} from "@atelier/domain";
import { z } from "zod";
import { postComment } from "../post-comment";
import { assertCommentEvent } from "../proof-checks";
import { projectProcedure, protectedProcedure, router } from "../trpc";

const id = z.string().min(1).max(200);
const NOTIFICATION_LIMIT = 100;

export const commentsRouter = router({
  /** The viewer's notifications: recent comments on every project it may see, with who read them. */
  findMany: protectedProcedure.query(({ ctx }) => {
    const staff = isStaff(ctx.user.role);
    if (!staff && !ctx.user.businessId) return [];
    return listComments(ctx.db, {
      businessId: staff ? null : ctx.user.businessId,
      withoutShadow: !canSeeShadow(ctx.user.role),
      limit: NOTIFICATION_LIMIT,
    });
  }),

  byProject: projectProcedure(z.object({ projectId: id })).query(async ({ ctx }) => {
    const { project } = ctx;
    const comments = await listComments(ctx.db, {
      projectId: project.id,
      businessId: null,
      withoutShadow: !canSeeShadow(ctx.user.role),
      limit: 1000,
    });
    return comments.reverse();
  }),

  create: projectProcedure(
    z.object({
      projectId: id,
      body: z.string().trim().min(1, "Write something first").max(COMMENT_BODY_MAX_LENGTH),
      event: z.enum(COMMENT_EVENTS).nullable().default(null),
      parentId: id.optional(),
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
    const commentId = await postComment(ctx, project, { event, body: input.body, parentId: input.parentId ?? null });
    return { id: commentId };
  }),

  /** Marks one comment read for the caller (the SPEC's payload carries the user id too; it must be the caller's). */
  read: protectedProcedure.input(z.object({ commentId: id, userId: id.optional() })).mutation(async ({ ctx, input }) => {
    if (input.userId !== undefined && input.userId !== ctx.user.id)
      throw new DomainError("FORBIDDEN", "You can only mark your own notifications read.");
    const comment = await findComment(ctx.db, input.commentId);
    const visible = comment && canSeeProject(ctx.user, comment) && canViewComment(comment, ctx.user.role);
    if (!visible) throw new DomainError("NOT_FOUND", "No such comment.");
    await markCommentRead(ctx.db, comment.id, ctx.user.id);
    return { commentId: comment.id };
  }),
});
