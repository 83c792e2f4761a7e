// users.*: the profile of the signed-in user (or, for an admin, of anyone).
import { findUserById, updateUserProfile } from "@atelier/db";
import { canChangeEmail, canEditUser, DomainError, USER_NAME_MAX_LENGTH } from "@atelier/domain";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

export const updateUserInput = z.object({
  id: z.string().min(1).max(200),
  name: z.string().trim().min(1, "Your name is required").max(USER_NAME_MAX_LENGTH).optional(),
  avatar: z.url({ protocol: /^https?$/, error: "The avatar must be an http(s) URL" }).max(2048).nullable().optional(),
  email: z.email().max(320).optional(),
});

export const usersRouter = router({
  me: protectedProcedure.query(({ ctx }) => ctx.user),

  byId: protectedProcedure.input(z.object({ id: z.string().min(1).max(200) })).query(async ({ ctx, input }) => {
    if (!canEditUser(ctx.user, input.id)) throw new DomainError("FORBIDDEN", "You may only see your own profile here.");
    const user = await findUserById(ctx.db, input.id);
    if (!user) throw new DomainError("NOT_FOUND", "No such user.");
    return { id: user.id, name: user.name, email: user.email, image: user.image, role: user.role, emailNotification: user.emailNotification };
  }),

  update: protectedProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => {
    if (!canEditUser(ctx.user, input.id)) throw new DomainError("FORBIDDEN", "You may only edit your own profile.");
    const current = await findUserById(ctx.db, input.id);
    if (!current) throw new DomainError("NOT_FOUND", "No such user.");
    const email = input.email?.toLowerCase();
    if (email !== undefined && email !== current.email && !canChangeEmail(ctx.user)) {
      throw new DomainError("FORBIDDEN", "Only an admin may change an e-mail address.");
    }
    const updated = await updateUserProfile(ctx.db, input.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.avatar !== undefined ? { image: input.avatar } : {}),
      ...(email !== undefined ? { email } : {}),
    }).catch((error: unknown) => {
      if (String((error as { code?: unknown }).code) === "23505") throw new DomainError("CONFLICT", "That e-mail address is already in use.");
      throw error;
    });
    if (!updated) throw new DomainError("NOT_FOUND", "No such user.");
    return { id: updated.id, name: updated.name, email: updated.email, image: updated.image, role: updated.role };
  }),
});
