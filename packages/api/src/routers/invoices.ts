// invoices.*: the admin bills businesses; billing.* shows a client its own business's invoices (never drafts).
import { randomUUID } from "node:crypto";
import { createInvoice, findBusiness, findInvoice, findProject, listInvoiceLines, listInvoices, setInvoiceStatus } from "@atelier/db";
import {
  canChangeInvoiceStatus,
  DomainError,
  INVOICE_LINE_MAX_QUANTITY,
  INVOICE_LINE_MAX_UNIT_AMOUNT,
  INVOICE_STATUSES,
  invoiceNumber,
  isStaff,
  isVisibleToClient,
} from "@atelier/domain";
import { z } from "zod";
import { adminProcedure, protectedProcedure, router } from "../trpc";

const id = z.string().min(1).max(200);
const CLIENT_STATUSES = INVOICE_STATUSES.filter(isVisibleToClient);

export const invoicesRouter = router({
  list: adminProcedure.query(({ ctx }) => listInvoices(ctx.db, { businessId: null })),

  lines: protectedProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    const invoice = await findInvoice(ctx.db, input.id);
    const visible =
      invoice &&
      (ctx.user.role === "admin" ||
        (!isStaff(ctx.user.role) && ctx.user.businessId === invoice.businessId && isVisibleToClient(invoice.status)));
    if (!visible) throw new DomainError("NOT_FOUND", "No such invoice.");
    return listInvoiceLines(ctx.db, invoice.id);
  }),

  create: adminProcedure
    .input(
      z.object({
        businessId: id,
        projectId: id.optional(),
        dueAt: z.iso.date().optional(),
        notes: z.string().trim().max(2000).optional(),
        lines: z
          .array(
            z.object({
              description: z.string().trim().min(1, "Each line needs a description").max(500),
              quantity: z.number().int().min(1).max(INVOICE_LINE_MAX_QUANTITY),
              unitAmount: z.number().int().min(0).max(INVOICE_LINE_MAX_UNIT_AMOUNT),
            }),
          )
          .min(1, "An invoice needs at least one line")
          .max(200),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (!(await findBusiness(ctx.db, input.businessId))) throw new DomainError("NOT_FOUND", "No such business.");
      if (input.projectId) {
        const project = await findProject(ctx.db, input.projectId);
        if (!project || project.businessId !== input.businessId) throw new DomainError("BAD_INPUT", "That project is not the business's.");
      }
      const invoice = {
        id: randomUUID(),
        businessId: input.businessId,
        projectId: input.projectId ?? null,
        dueAt: input.dueAt ?? null,
        notes: input.notes || null,
        createdBy: ctx.user.id,
        createdAt: ctx.now(),
        lines: input.lines,
      };
      const number = await createInvoice(ctx.db, invoice, invoiceNumber);
      return { id: invoice.id, number };
    }),

  setStatus: adminProcedure.input(z.object({ id, status: z.enum(INVOICE_STATUSES) })).mutation(async ({ ctx, input }) => {
    const invoice = await findInvoice(ctx.db, input.id);
    if (!invoice) throw new DomainError("NOT_FOUND", "No such invoice.");
    if (!canChangeInvoiceStatus(invoice.status, input.status)) {
      throw new DomainError("PRECONDITION_FAILED", `A ${invoice.status} invoice cannot become ${input.status}.`);
    }
    if (!(await setInvoiceStatus(ctx.db, invoice.id, { from: invoice.status, to: input.status }, ctx.now()))) {
      throw new DomainError("CONFLICT", "Someone changed this invoice meanwhile. Reload it and try again.");
    }
    return { id: invoice.id, status: input.status };
  }),
});

export const billingRouter = router({
  /** The caller's business's invoices, once sent. */
  invoices: protectedProcedure.query(({ ctx }) => {
    if (isStaff(ctx.user.role) || !ctx.user.businessId) return [];
    return listInvoices(ctx.db, { businessId: ctx.user.businessId, statuses: CLIENT_STATUSES });
  }),
});
