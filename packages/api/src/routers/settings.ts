// settings.*: the signed-in user's own preferences.
import { findUserById, setEmailNotification, setMailPreference } from "@atelier/db";
import { DomainError, MAIL_PREFERENCES } from "@atelier/domain";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

export const settingsRouter = router({
  /** How often the caller hears of comments by e-mail. */
  mailPreference: protectedProcedure.query(async ({ ctx }) => {
    const user = await findUserById(ctx.db, ctx.user.id);
    if (!user) throw new DomainError("NOT_FOUND", "No such user.");
    return { mailPreference: user.mailPreference };
  }),

  setMailPreference: protectedProcedure.input(z.object({ mailPreference: z.enum(MAIL_PREFERENCES) })).mutation(async ({ ctx, input }) => {
    const updated = await setMailPreference(ctx.db, ctx.user.id, input.mailPreference);
    if (!updated) throw new DomainError("NOT_FOUND", "No such user.");
    return { mailPreference: updated.mailPreference, emailNotification: updated.emailNotification };
  }),

  /** The on/off toggle (docs/notifications.md, "The toggle"): on is mail as it comes (or daily, for a daily reader), off is none. */
  emailNotification: protectedProcedure.input(z.object({ emailNotification: z.boolean() })).mutation(async ({ ctx, input }) => {
    const updated = await setEmailNotification(ctx.db, ctx.user.id, input.emailNotification);
    if (!updated) throw new DomainError("NOT_FOUND", "No such user.");
    return { emailNotification: updated.emailNotification };
  }),
});
