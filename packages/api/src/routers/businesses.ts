// businesses.*: the studio's clients; staff list and create them.
import { randomUUID } from "node:crypto";
import { createBusiness, findBusinessByName, listBusinesses } from "@atelier/db";
import { DomainError } from "@atelier/domain";
import { z } from "zod";
import { staffProcedure, router } from "../trpc";

export const businessesRouter = router({
  list: staffProcedure.query(({ ctx }) => listBusinesses(ctx.db)),

  create: staffProcedure
    .input(z.object({ name: z.string().trim().min(1, "A business needs a name").max(100) }))
    .mutation(async ({ ctx, input }) => {
      if (await findBusinessByName(ctx.db, input.name)) throw new DomainError("CONFLICT", `A business named "${input.name}" already exists.`);
      return createBusiness(ctx.db, { id: randomUUID(), name: input.name });
    }),
});
