// mail.*: what the mail outbox could not deliver, for admins to act on (a wrong address, a mail server down).
import { listFailedMail, pendingMailSummary } from "@atelier/db";
import { adminProcedure, router } from "../trpc";

export const mailRouter = router({
  /** Mail given up after a day of failed attempts, and how much mail is still waiting. */
  undelivered: adminProcedure.query(async ({ ctx }) => {
    const [failed, pending] = await Promise.all([listFailedMail(ctx.db), pendingMailSummary(ctx.db)]);
    return { failed, pending };
  }),
});
