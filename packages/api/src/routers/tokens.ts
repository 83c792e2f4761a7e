// tokens.*: a person's API tokens for other apps (docs/api.md). The token is answered once, when made; only its SHA-256
// is kept. A person lists and revokes their own tokens; an admin lists and revokes anyone's.
import { randomBytes, randomUUID } from "node:crypto";
import { createApiToken, listApiTokens, revokeApiToken } from "@atelier/db";
import {
  API_SCOPES,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_PREFIX,
  apiTokenExpiry,
  canGrantScopes,
  DomainError,
  idInput,
  isAdmin,
} from "@atelier/domain";
import { z } from "zod";
import { hashApiToken } from "../rest/token-hash";
import { protectedProcedure, router } from "../trpc";

export const tokensRouter = router({
  create: protectedProcedure
    .input(
      z.object({
        name: z.string().trim().min(1, "Name the token.").max(API_TOKEN_NAME_MAX_LENGTH),
        scopes: z.array(z.enum(API_SCOPES)).min(1, "Choose at least one scope.").max(API_SCOPES.length),
        expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const scopes = [...new Set(input.scopes)];
      if (!canGrantScopes(ctx.user.role, scopes))
        throw new DomainError("FORBIDDEN", "Only an admin may make a token with the admin scope.");
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
      const now = ctx.now();
      const id = randomUUID();
      await createApiToken(ctx.db, {
        id,
        userId: ctx.user.id,
        name: input.name,
        tokenHash: hashApiToken(token),
        hint: token.slice(0, API_TOKEN_PREFIX.length + 4),
        scopes,
        expiresAt: apiTokenExpiry(now, input.expiresInDays),
        createdAt: now,
      });
      return { id, token };
    }),

  /** The caller's tokens (an admin's list holds everyone's), with their scopes, expiry and last use; never a token. */
  list: protectedProcedure.query(({ ctx }) => listApiTokens(ctx.db, isAdmin(ctx.user.role) ? null : ctx.user.id)),

  /** Refuses the token from its next call on. */
  revoke: protectedProcedure.input(z.object({ id: idInput })).mutation(async ({ ctx, input }) => {
    const owner = isAdmin(ctx.user.role) ? null : ctx.user.id;
    if (!(await revokeApiToken(ctx.db, input.id, owner, ctx.now()))) throw new DomainError("NOT_FOUND", "No such token.");
    return { id: input.id };
  }),
});
