// uploads.*: tickets that let a signed-in user talk to the upload servers.
import { FILE_KIND_VALUES, idInput } from "@atelier/domain";
import { issueUploadTicket } from "@atelier/storage";
import { z } from "zod";
import { projectFolder } from "../project-folders";
import { projectProcedure, router } from "../trpc";

export const uploadsRouter = router({
  /** A ticket for one project's files of one kind: the upload servers refuse it anywhere else. */
  ticket: projectProcedure(z.object({ projectId: idInput, kind: z.enum(FILE_KIND_VALUES) })).query(({ ctx, input }) => {
    const pathPrefix = projectFolder(input.kind, ctx.project);
    const { ticket, expiresAt } = issueUploadTicket(
      { userId: ctx.user.id, pathPrefix },
      ctx.files.secret,
      ctx.now(),
      ctx.files.ticketTtlMs,
    );
    return { ticket, expiresAt: new Date(expiresAt), balancerUrl: ctx.files.balancerUrl, folder: pathPrefix };
  }),
});
