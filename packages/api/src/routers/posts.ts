// posts.*: the studio's blog, written and read by its staff.
import { randomUUID } from "node:crypto";
import { createPost, deletePost, findPost, listPosts } from "@atelier/db";
import { DomainError, isAdmin } from "@atelier/domain";
import { z } from "zod";
import { router, staffProcedure } from "../trpc";

export const postsRouter = router({
  list: staffProcedure.query(({ ctx }) => listPosts(ctx.db)),

  create: staffProcedure
    .input(
      z.object({
        title: z.string().trim().min(1, "Give the post a title").max(200),
        body: z.string().trim().min(1, "Write the post").max(20_000),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const post = { id: randomUUID(), ...input, authorId: ctx.user.id, createdAt: ctx.now() };
      await createPost(ctx.db, post);
      return { id: post.id };
    }),

  /** Authors remove their own posts; an admin removes any. */
  delete: staffProcedure.input(z.object({ id: z.string().min(1).max(200) })).mutation(async ({ ctx, input }) => {
    const post = await findPost(ctx.db, input.id);
    if (!post) throw new DomainError("NOT_FOUND", "No such post.");
    if (post.authorId !== ctx.user.id && !isAdmin(ctx.user.role))
      throw new DomainError("FORBIDDEN", "Only its author or an admin may remove a post.");
    await deletePost(ctx.db, post.id);
    return { id: post.id };
  }),
});
