// uploads.*: tickets that let a signed-in user talk to the upload servers.
import { FILE_KIND_VALUES, idInput } from "@atelier/domain";
import { z } from "zod";
import { folderTicket } from "../folder-ticket";
import { projectFolder } from "../project-folders";
import { projectProcedure, router } from "../trpc";

export const uploadsRouter = router({
  /** A ticket for one project's files of one kind: the upload servers refuse it anywhere else. */
  ticket: projectProcedure(z.object({ projectId: idInput, kind: z.enum(FILE_KIND_VALUES) })).query(({ ctx, input }) =>
    folderTicket(ctx, projectFolder(input.kind, ctx.project)),
  ),
});
