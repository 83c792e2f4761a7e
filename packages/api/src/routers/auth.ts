// auth.*: signed upload URLs for the public image buckets (avatars, thumbnails, blur).
import { DomainError, IMAGE_BUCKETS, signedUploadRefusal } from "@atelier/domain";
import { createSignedUploadToken, securePath } from "@atelier/storage";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const createSignedUrlInput = z.object({
  bucket: z.enum(IMAGE_BUCKETS),
  path: z.string().min(1).max(512),
});

export const authRouter = router({
  // A query, as docs/product.md ("Calls over tRPC") has it: GET /api/trpc/auth.createSignedURL -> result.data.json.token.
  createSignedURL: protectedProcedure.input(createSignedUrlInput).query(async ({ ctx, input }) => {
    const refusal = signedUploadRefusal(ctx.user.role, input.bucket, input.path);
    if (refusal === "forbidden") throw new DomainError("FORBIDDEN", "You may not upload there.");
    if (refusal) throw new DomainError("BAD_INPUT", "That storage path is not allowed.");
    const key = `${input.bucket}/${securePath(input.path)}`;
    // A token for an existing object would let its holder replace someone else's image.
    if (await ctx.files.store.stat(key)) throw new DomainError("CONFLICT", "Something is already stored at that path.");
    const { token, expiresAt } = createSignedUploadToken({ ...input, userId: ctx.user.id }, ctx.files.secret, ctx.now());
    return { token, expiresAt: new Date(expiresAt) };
  }),
});
