// tokens.*: API tokens for other apps (docs/api.md). The token is answered once, when made; only its SHA-256 is kept. A
// person lists and revokes their own tokens; an admin lists and revokes anyone's, and makes apps: accounts that are not
// people, with a role, whose tokens go on working when the admin who made them leaves.
import { randomBytes, randomUUID } from "node:crypto";
import {
  createApiToken,
  createAppAccount,
  findActiveApp,
  findBusiness,
  listApiTokens,
  listAppAccounts,
  retireApp,
  revokeApiToken,
} from "@atelier/db";
import {
  API_SCOPES,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_PREFIX,
  apiTokenExpiry,
  canGrantScopes,
  DomainError,
  ID_MAX_LENGTH,
  idInput,
  isAdmin,
  STAFF_ROLES,
  USER_NAME_MAX_LENGTH,
} from "@atelier/domain";
import { z } from "zod";
import { hashApiToken } from "../rest/token-hash";
import { adminProcedure, protectedProcedure, router } from "../trpc";

const appName = z.string().trim().min(1, "Name the app.").max(USER_NAME_MAX_LENGTH);

export const tokensRouter = router({
  create: protectedProcedure
    .input(
      z.object({
        name: z.string().trim().min(1, "Name the token.").max(API_TOKEN_NAME_MAX_LENGTH),
        scopes: z.array(z.enum(API_SCOPES)).min(1, "Choose at least one scope.").max(API_SCOPES.length),
        expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS).optional(),
        /** The app whose token this is (admins only); the caller's own token without it. */
        appId: idInput.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const scopes = [...new Set(input.scopes)];
      let owner: { id: string; role: typeof ctx.user.role } = ctx.user;
      if (input.appId !== undefined) {
        if (!isAdmin(ctx.user.role)) throw new DomainError("FORBIDDEN", "Only an admin may make a token for an app.");
        const app = await findActiveApp(ctx.db, input.appId);
        if (!app) throw new DomainError("NOT_FOUND", "No such app, or it is retired.");
        owner = app;
      }
      // The scopes a token may carry are its owner's: an app with a designer's role gets no admin token.
      if (!canGrantScopes(owner.role, scopes))
        throw new DomainError("FORBIDDEN", "Only an admin's token, or an admin app's, may have the admin scope.");
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
      const now = ctx.now();
      const id = randomUUID();
      await createApiToken(ctx.db, {
        id,
        userId: owner.id,
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

  /** The studio's apps, with their role, business and live tokens (admins). */
  apps: adminProcedure.query(({ ctx }) => listAppAccounts(ctx.db, ctx.now())),

  /** Makes an app: an account that acts with `role` (for one business when a client), owns tokens and never signs in. */
  createApp: adminProcedure
    .input(
      z.discriminatedUnion("role", [
        z.object({ name: appName, role: z.enum(STAFF_ROLES) }),
        z.object({
          name: appName,
          role: z.literal("client"),
          businessId: z
            .string({ error: "Choose the business the app acts for." })
            .min(1, "Choose the business the app acts for.")
            .max(ID_MAX_LENGTH),
        }),
      ]),
    )
    .mutation(async ({ ctx, input }) => {
      const businessId = input.role === "client" ? input.businessId : null;
      if (businessId !== null && !(await findBusiness(ctx.db, businessId))) throw new DomainError("NOT_FOUND", "No such business.");
      const id = randomUUID();
      await createAppAccount(ctx.db, {
        id,
        name: input.name,
        role: input.role,
        businessId,
        createdAt: ctx.now(),
      });
      return { id };
    }),

  /** Retires an app: every token of it is refused from its next call; what it wrote stays, in its name. */
  retireApp: adminProcedure.input(z.object({ id: idInput })).mutation(async ({ ctx, input }) => {
    if (!(await retireApp(ctx.db, input.id, ctx.now()))) throw new DomainError("NOT_FOUND", "No such app, or it is retired.");
    return { id: input.id };
  }),
});
