// businesses.*: the studio's clients; staff list and create them.
import { randomUUID } from "node:crypto";
import { businessOverview, createBusiness, findBusinessByName, listBusinesses, setBusinessImage } from "@atelier/db";
import { DomainError, isAdmin } from "@atelier/domain";
import { z } from "zod";
import { router, staffProcedure } from "../trpc";

export const businessesRouter = router({
  list: staffProcedure.query(({ ctx }) => listBusinesses(ctx.db)),

  /** The Businesses page: each client's projects and people, and for an admin its unpaid invoices. */
  overview: staffProcedure.query(async ({ ctx }) => {
    const rows = await businessOverview(ctx.db, isAdmin(ctx.user.role) ? { invoicesOn: ctx.now().toISOString().slice(0, 10) } : {});
    // A count subquery is typed nullable though it never is.
    const count = (n: number | null | undefined) => Number(n ?? 0);
    return rows.map((row) => ({
      ...row,
      activeProjects: count(row.activeProjects),
      archivedProjects: count(row.archivedProjects),
      people: count(row.people),
      // Null for staff who do not see invoices, so the page can tell "none" from "not yours to see".
      openInvoices: "openInvoices" in row ? count(row.openInvoices) : null,
      overdueInvoices: "overdueInvoices" in row ? count(row.overdueInvoices) : null,
    }));
  }),

  create: staffProcedure
    .input(z.object({ name: z.string().trim().min(1, "A business needs a name").max(100) }))
    .mutation(async ({ ctx, input }) => {
      if (await findBusinessByName(ctx.db, input.name))
        throw new DomainError("CONFLICT", `A business named "${input.name}" already exists.`);
      return createBusiness(ctx.db, { id: randomUUID(), name: input.name });
    }),

  /** The business's logo, uploaded to the avatars bucket under clients/. */
  setImage: staffProcedure
    .input(
      z.object({
        id: z.string().min(1).max(200),
        image: z
          .url({ protocol: /^https?$/ })
          .max(2048)
          .nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const updated = await setBusinessImage(ctx.db, input.id, input.image);
      if (!updated) throw new DomainError("NOT_FOUND", "No such business.");
      return updated;
    }),
});
