// uploads.*: tickets that let a signed-in user talk to the upload servers.
import { findProject } from "@atelier/db";
import { canSeeProject, DomainError, FILE_KIND_VALUES } from "@atelier/domain";
import { issueUploadTicket } from "@atelier/storage";
import { z } from "zod";
import { projectFolder } from "../project-folders";
import { protectedProcedure, router } from "../trpc";

export const uploadsRouter = router({
  /** A ticket for one project's files of one kind: the upload servers refuse it anywhere else. */
  ticket: protectedProcedure
    .input(z.object({ projectId: z.string().min(1).max(200), kind: z.enum(FILE_KIND_VALUES) }))
    .query(async ({ ctx, input }) => {
      const project = await findProject(ctx.db, input.projectId);
      if (!project || !canSeeProject(ctx.user, project)) throw new DomainError("NOT_FOUND", "No such project.");
      const pathPrefix = projectFolder(input.kind, project);
      const { ticket, expiresAt } = issueUploadTicket({ userId: ctx.user.id, pathPrefix }, ctx.files.secret, ctx.now());
      return { ticket, expiresAt: new Date(expiresAt), balancerUrl: ctx.files.balancerUrl, folder: pathPrefix };
    }),
});
