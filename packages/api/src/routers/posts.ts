// posts.*: the studio's blog, written and read by its staff; drafts stay with their author (and the admins).
import { randomUUID } from "node:crypto";
import { createPost, type Db, deletePost, findPost, listPosts, updatePost } from "@atelier/db";
import {
  canEditPost,
  canSeePost,
  DomainError,
  idInput,
  isAdmin,
  postBodyInput,
  postTitleInput,
  publishedAtAfter,
  type SessionUser,
} from "@atelier/domain";
import { z } from "zod";
import { router, staffProcedure } from "../trpc";

const id = idInput;
const content = {
  title: postTitleInput,
  body: postBodyInput,
  /** Absent: published, as posts were before drafts. */
  publish: z.boolean().optional(),
};

/** The post, when the caller may edit it; a draft they may not see is no post at all. */
async function editablePost(ctx: { db: Db; user: SessionUser }, postId: string) {
  const post = await findPost(ctx.db, postId);
  if (!post || !canSeePost(ctx.user, post)) throw new DomainError("NOT_FOUND", "No such post.");
  if (!canEditPost(ctx.user, post)) throw new DomainError("FORBIDDEN", "Only its author or an admin may change a post.");
  return post;
}

export const postsRouter = router({
  list: staffProcedure.query(({ ctx }) => listPosts(ctx.db, { draftsOf: isAdmin(ctx.user.role) ? null : ctx.user.id })),

  create: staffProcedure.input(z.object(content)).mutation(async ({ ctx, input }) => {
    const now = ctx.now();
    const post = {
      id: randomUUID(),
      title: input.title,
      body: input.body,
      authorId: ctx.user.id,
      createdAt: now,
      publishedAt: publishedAtAfter(null, input.publish ?? true, now),
    };
    await createPost(ctx.db, post);
    return { id: post.id };
  }),

  /** Authors edit their own posts, an admin any; a published post may go back to being a draft. */
  update: staffProcedure.input(z.object({ id, ...content })).mutation(async ({ ctx, input }) => {
    const post = await editablePost(ctx, input.id);
    const now = ctx.now();
    const publishedAt = publishedAtAfter(post.publishedAt, input.publish ?? post.publishedAt !== null, now);
    await updatePost(ctx.db, post.id, { title: input.title, body: input.body, publishedAt, updatedAt: now });
    return { id: post.id, publishedAt };
  }),

  /** Authors remove their own posts; an admin removes any. */
  delete: staffProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const post = await editablePost(ctx, input.id);
    await deletePost(ctx.db, post.id);
    return { id: post.id };
  }),
});
