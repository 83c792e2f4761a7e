// uploads.*: tickets that let a signed-in user talk to the upload servers.
import { FILE_KIND_VALUES, idInput } from "@atelier/domain";
import { intakeFolder } from "@atelier/upload-engine";
import { z } from "zod";
import { intakeBusiness, intakeIdInput } from "../briefs";
import { folderTicket } from "../folder-ticket";
import { projectFolder } from "../project-folders";
import { projectProcedure, protectedProcedure, router } from "../trpc";

export const uploadsRouter = router({
  /** A ticket for one project's files of one kind: the upload servers refuse it anywhere else. */
  ticket: projectProcedure(z.object({ projectId: idInput, kind: z.enum(FILE_KIND_VALUES) })).query(({ ctx, input }) =>
    folderTicket(ctx, projectFolder(input.kind, ctx.project)),
  ),

  /**
   * A ticket for the files given with one request's intake form, before its project exists (docs/services.md): the
   * caller's own folder in the business's, `intakeId` naming the request. A client's business is its own; the studio
   * names one.
   */
  intakeTicket: protectedProcedure
    .input(z.object({ intakeId: intakeIdInput, businessId: idInput.optional() }))
    .query(async ({ ctx, input }) => {
      const business = await intakeBusiness(ctx, ctx.user, input.businessId);
      return folderTicket(ctx, intakeFolder(business, ctx.user.id, input.intakeId));
    }),
});
