// uploads.*: tickets that let a signed-in user talk to the upload servers.
import { issueUploadTicket } from "@atelier/storage";
import { protectedProcedure, router } from "../trpc";

export const uploadsRouter = router({
  ticket: protectedProcedure.query(({ ctx }) => {
    const { ticket, expiresAt } = issueUploadTicket({ userId: ctx.user.id }, ctx.files.secret, ctx.now());
    return { ticket, expiresAt: new Date(expiresAt), balancerUrl: ctx.files.balancerUrl };
  }),
});
