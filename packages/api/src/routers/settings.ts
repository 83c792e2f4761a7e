// settings.*: the signed-in user's own preferences.
import { setEmailNotification } from "@atelier/db";
import { DomainError } from "@atelier/domain";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

export const settingsRouter = router({
  emailNotification: protectedProcedure.input(z.object({ emailNotification: z.boolean() })).mutation(async ({ ctx, input }) => {
    const updated = await setEmailNotification(ctx.db, ctx.user.id, input.emailNotification);
    if (!updated) throw new DomainError("NOT_FOUND", "No such user.");
    return { emailNotification: updated.emailNotification };
  }),
});
