// invoices.*: the studio bills businesses, designers drafting and admins sending; billing.* shows a client its own
// business's invoices (never drafts).
// Wire contract relied on by other internal apps: invoices.create ({id, number}), invoices.send,
// invoices.pdfUrl ({url}), invoices.xmlUrl ({url}) and billing.invoices.
import { randomUUID } from "node:crypto";
import {
  createInvoice,
  deleteDraft,
  findBusiness,
  findInvoice,
  findProject,
  findRetainer,
  getBillingProfile,
  invoiceRequests,
  invoiceRetainerMonth,
  invoiceTime,
  listInvoiceLines,
  listInvoicePage,
  listInvoices,
  type NewInvoiceLine,
  saveBillingProfile,
  setBusinessCurrency,
  setInvoiceStatus,
  studioCalendar,
  unbilledRequests,
  updateDraft,
} from "@atelier/db";
import {
  BASIS_POINTS,
  billingDetailsInput,
  CURRENCY_CODES,
  canChangeInvoiceStatus,
  canSeeInvoice,
  DomainError,
  defaultVatCategory,
  INVOICE_LINE_MAX_QUANTITY,
  INVOICE_LINE_MAX_UNIT_AMOUNT,
  INVOICE_MAX_LINES,
  INVOICE_STATUSES,
  idInput,
  invoiceDueDateInput,
  invoiceLineDescriptionInput,
  invoiceNotesInput,
  isStaff,
  isVisibleToClient,
  logoInput,
  paymentDateInput,
  paymentNoteInput,
  reminderDaysInput,
  requestIdInput,
  retainerInvoiceLines,
  retainerMonthInput,
  retainerMonths,
  searchWords,
  TIME_GROUPINGS,
  utcDay,
  VAT_CATEGORIES,
  vatLineRefusal,
} from "@atelier/domain";
import { z } from "zod";
import { E_INVOICE_SYNTAXES } from "../e-invoice";
import {
  checkInvoiceXml,
  invoicePdfUrl,
  invoiceXmlUrl,
  recordPayment,
  sendInvoice,
  visibleInvoice,
  withBalance,
} from "../invoice-documents";
import { listPageInput } from "../list-page-input";
import { once } from "../request-once";
import { adminProcedure, protectedProcedure, router, staffProcedure } from "../trpc";

const id = idInput;
const CLIENT_STATUSES = INVOICE_STATUSES.filter(isVisibleToClient);
const rate = z.number().int().min(0).max(BASIS_POINTS);

/**
 * From when a business's retainer counted in `unit` covers its requests or time (they are billed with its months),
 * as a day in the studio's zone; undefined without such a retainer.
 */
async function retainerCoversFrom(db: Parameters<typeof findRetainer>[0], businessId: string, unit: "requests" | "hours") {
  const retainer = await findRetainer(db, businessId);
  return retainer?.unit === unit ? { day: retainer.startsOn, timeZone: (await studioCalendar(db)).timeZone } : undefined;
}

const line = z
  .object({
    description: invoiceLineDescriptionInput,
    quantity: z.number().int().min(1).max(INVOICE_LINE_MAX_QUANTITY),
    unitAmount: z.number().int().min(0).max(INVOICE_LINE_MAX_UNIT_AMOUNT),
    discountBp: rate.optional(),
    taxRateBp: rate.optional(),
    /**
     * The line's VAT category (EN 16931 BT-151): standard (a rate above 0), zero, exempt, reverse_charge or
     * intra_community (each at 0 %). Left out: standard when taxed, zero when not.
     */
    taxCategory: z.enum(VAT_CATEGORIES).optional(),
    /** The project the line bills (a "line from a project"); it must be the business's. */
    projectId: id.optional(),
  })
  .superRefine((l, ctx) => {
    const refusal = vatLineRefusal(l.taxCategory ?? defaultVatCategory(l.taxRateBp ?? 0), l.taxRateBp ?? 0);
    if (refusal) ctx.addIssue({ code: "custom", message: refusal, path: ["taxRateBp"] });
  });
const lines = z.array(line).min(1, "An invoice needs at least one line.").max(INVOICE_MAX_LINES);

/** The invoice's project and each line's project must be the business's. */
async function checkProjects(db: Parameters<typeof findProject>[0], businessId: string, projectIds: (string | undefined)[]) {
  for (const projectId of new Set(projectIds.filter((p) => p !== undefined))) {
    const project = await findProject(db, projectId);
    if (!project || project.businessId !== businessId) throw new DomainError("BAD_INPUT", "That project is not the business's.");
  }
}

const toLines = (input: z.infer<typeof lines>): NewInvoiceLine[] => input.map((l) => ({ ...l, projectId: l.projectId ?? null }));

const billingProfile = billingDetailsInput.extend({
  logo: logoInput.nullable(),
  reminderDays: reminderDaysInput.nullable(),
});

export const invoicesRouter = router({
  /** One page of every business's invoices (at most LIST_PAGE_SIZE), newest first, narrowed by words of a number or business. */
  list: staffProcedure
    .input(listPageInput)
    .query(({ ctx, input }) => listInvoicePage(ctx.db, { businessId: null, words: searchWords(input.query) }, input)),

  lines: protectedProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    const invoice = await visibleInvoice(ctx.db, ctx.user, input.id);
    return listInvoiceLines(ctx.db, invoice.id);
  }),

  /** One invoice as its page shows it: lines, totals, payments, credit notes and the balance. */
  byId: protectedProcedure
    .input(z.object({ id }))
    .query(async ({ ctx, input }) => withBalance(await visibleInvoice(ctx.db, ctx.user, input.id))),

  /** A draft, by anyone of the studio; only an admin sends it. */
  create: staffProcedure
    .input(
      z.object({
        businessId: id,
        projectId: id.optional(),
        dueAt: invoiceDueDateInput.optional(),
        notes: invoiceNotesInput.optional(),
        lines,
        requestId: requestIdInput,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const business = await findBusiness(ctx.db, input.businessId);
      if (!business) throw new DomainError("NOT_FOUND", "No such business.");
      await checkProjects(ctx.db, business.id, [input.projectId, ...input.lines.map((l) => l.projectId)]);
      const invoice = {
        id: randomUUID(),
        businessId: business.id,
        projectId: input.projectId ?? null,
        currency: business.currency,
        dueAt: input.dueAt ?? null,
        notes: input.notes || null,
        createdBy: ctx.user.id,
        createdAt: ctx.now(),
        lines: toLines(input.lines),
      };
      return once(ctx, "invoices.create", input.requestId, async (claim) => {
        const number = await createInvoice(ctx.db, invoice, (trx, number) => claim(trx, { id: invoice.id, number }));
        return { id: invoice.id, number };
      });
    }),

  /**
   * A draft billing a business's unbilled, billable time (docs/time.md): the given entries, or all of it; one line per
   * project and person (and rate), or per entry; every line at `taxRateBp`. Each entry is billed once, whoever asks
   * at the same moment: a second call finds nothing left and is refused. Refused while someone's time has no rate.
   */
  fromTime: adminProcedure
    .input(
      z.object({
        businessId: id,
        entryIds: z.array(id).min(1).max(2000).optional(),
        grouping: z.enum(TIME_GROUPINGS).default("project-person"),
        taxRateBp: rate.default(0),
        dueAt: invoiceDueDateInput.optional(),
        requestId: requestIdInput,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const business = await findBusiness(ctx.db, input.businessId);
      if (!business) throw new DomainError("NOT_FOUND", "No such business.");
      const invoiceId = randomUUID();
      // Time from the start of an hours retainer is billed with its months (invoices.fromRetainer).
      const coveredFrom = await retainerCoversFrom(ctx.db, business.id, "hours");
      return once(ctx, "invoices.fromTime", input.requestId, async (claim) => {
        const made = await invoiceTime(ctx.db, {
          invoice: {
            id: invoiceId,
            businessId: business.id,
            projectId: null,
            currency: business.currency,
            dueAt: input.dueAt ?? null,
            notes: null,
            createdBy: ctx.user.id,
            createdAt: ctx.now(),
          },
          entryIds: input.entryIds,
          grouping: input.grouping,
          timeZone: ctx.user.timeZone ?? "UTC",
          taxRateBp: input.taxRateBp,
          coveredFrom,
          before: (trx, number) => claim(trx, { id: invoiceId, number }),
        });
        if (!made.ok && made.reason === "nothing") {
          throw new DomainError(
            "PRECONDITION_FAILED",
            `${business.name} has no unbilled billable time${input.entryIds ? " among those entries" : ""}${coveredFrom ? " before its hours retainer" : ""}.`,
          );
        }
        if (!made.ok) {
          throw new DomainError(
            "PRECONDITION_FAILED",
            `Set an hourly rate for ${made.people.join(", ")} first: their time would be billed at nothing.`,
          );
        }
        return { id: invoiceId, number: made.number, entries: made.entries };
      });
    }),

  /**
   * A business's requests not billed yet at their service's price (docs/services.md, "Billing requests"): asked as a
   * service priced in its currency, started before its requests retainer if it has one.
   */
  unbilledRequests: adminProcedure.input(z.object({ businessId: id })).query(async ({ ctx, input }) => {
    const business = await findBusiness(ctx.db, input.businessId);
    if (!business) throw new DomainError("NOT_FOUND", "No such business.");
    const requests = await unbilledRequests(ctx.db, {
      businessId: business.id,
      currency: business.currency,
      coveredFrom: await retainerCoversFrom(ctx.db, business.id, "requests"),
    });
    return { currency: business.currency, requests, total: requests.reduce((sum, r) => sum + r.price, 0) };
  }),

  /** A draft invoice of those requests, one line each at its price (its rush price when asked as a rush); each billed once. */
  fromRequests: adminProcedure
    .input(z.object({ businessId: id, taxRateBp: rate.default(0), requestId: requestIdInput }))
    .mutation(async ({ ctx, input }) => {
      const business = await findBusiness(ctx.db, input.businessId);
      if (!business) throw new DomainError("NOT_FOUND", "No such business.");
      const coveredFrom = await retainerCoversFrom(ctx.db, business.id, "requests");
      const invoiceId = randomUUID();
      return once(ctx, "invoices.fromRequests", input.requestId, async (claim) => {
        const made = await invoiceRequests(ctx.db, {
          invoice: {
            id: invoiceId,
            businessId: business.id,
            projectId: null,
            currency: business.currency,
            dueAt: null,
            notes: null,
            createdBy: ctx.user.id,
            createdAt: ctx.now(),
          },
          coveredFrom,
          taxRateBp: input.taxRateBp,
          before: (trx, number) => claim(trx, { id: invoiceId, number }),
        });
        if (!made.ok) throw new DomainError("PRECONDITION_FAILED", `${business.name} has no unbilled requests at a price.`);
        return { id: invoiceId, number: made.number, requests: made.requests };
      });
    }),

  /**
   * A draft invoice for one month of a business's retainer (docs/retainers.md): its fee, and what went over at the
   * agreed rate; an hours retainer's time of that month is marked billed by it. Each month is billed once, however many
   * ask at once; deleting the draft frees the month.
   */
  fromRetainer: adminProcedure
    .input(z.object({ businessId: id, month: retainerMonthInput, taxRateBp: rate.default(0), requestId: requestIdInput }))
    .mutation(async ({ ctx, input }) => {
      const business = await findBusiness(ctx.db, input.businessId);
      if (!business) throw new DomainError("NOT_FOUND", "No such business.");
      const { timeZone } = await studioCalendar(ctx.db);
      const invoiceId = randomUUID();
      return once(ctx, "invoices.fromRetainer", input.requestId, async (claim) => {
        const made = await invoiceRetainerMonth(ctx.db, {
          invoice: {
            id: invoiceId,
            projectId: null,
            currency: business.currency,
            dueAt: null,
            notes: null,
            createdBy: ctx.user.id,
            createdAt: ctx.now(),
          },
          businessId: business.id,
          month: input.month,
          timeZone,
          linesFor: (terms, usage) => {
            const month = retainerMonths(terms, usage, input.month).find((m) => m.month === input.month);
            if (!month) return [];
            return retainerInvoiceLines(terms, month).map((l) => ({ ...l, projectId: null, taxRateBp: input.taxRateBp }));
          },
          before: (trx, number) => claim(trx, { id: invoiceId, number }),
        });
        if (!made.ok) {
          const why = {
            "no-retainer": `${business.name} has no retainer.`,
            billed: `That month of ${business.name}'s retainer is billed already: delete its draft to bill it again.`,
            nothing: `Nothing to bill for that month: no fee, nothing over the allowance, or before the retainer started.`,
          }[made.reason];
          throw new DomainError(made.reason === "billed" ? "CONFLICT" : "PRECONDITION_FAILED", why);
        }
        return { id: invoiceId, number: made.number, entries: made.entries };
      });
    }),

  /** Deletes a draft; time it billed is unbilled again. A sent invoice stays (correct it with a credit note). */
  deleteDraft: staffProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const invoice = await findInvoice(ctx.db, input.id);
    if (!invoice) throw new DomainError("NOT_FOUND", "No such invoice.");
    if (!(await deleteDraft(ctx.db, invoice.id))) {
      throw new DomainError("PRECONDITION_FAILED", "Only a draft can be deleted; correct a sent invoice with a credit note.");
    }
    return { id: invoice.id };
  }),

  /** Rewrites a draft; a sent invoice is corrected by a credit note instead. */
  update: staffProcedure
    .input(
      z.object({
        id,
        projectId: id.nullable(),
        dueAt: invoiceDueDateInput.nullable(),
        notes: invoiceNotesInput,
        lines,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const invoice = await findInvoice(ctx.db, input.id);
      if (!invoice) throw new DomainError("NOT_FOUND", "No such invoice.");
      await checkProjects(ctx.db, invoice.businessId, [input.projectId ?? undefined, ...input.lines.map((l) => l.projectId)]);
      const changes = { projectId: input.projectId, dueAt: input.dueAt, notes: input.notes || null, lines: toLines(input.lines) };
      if (!(await updateDraft(ctx.db, invoice.id, changes))) {
        throw new DomainError("PRECONDITION_FAILED", "Only a draft can be edited; correct a sent invoice with a credit note.");
      }
      return { id: invoice.id };
    }),

  /** Marks a draft sent and mails its PDF to the business's billing contacts. */
  send: adminProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await sendInvoice(ctx, input.id);
    return { id: input.id, status: "sent" as const };
  }),

  /** Moves an invoice along: sending mails it (as send does), marking it paid records its balance as paid. */
  setStatus: adminProcedure.input(z.object({ id, status: z.enum(INVOICE_STATUSES) })).mutation(async ({ ctx, input }) => {
    const invoice = await findInvoice(ctx.db, input.id);
    if (!invoice) throw new DomainError("NOT_FOUND", "No such invoice.");
    if (!canChangeInvoiceStatus(invoice.status, input.status)) {
      throw new DomainError("PRECONDITION_FAILED", `A ${invoice.status} invoice cannot become ${input.status}.`);
    }
    if (input.status === "sent") await sendInvoice(ctx, invoice.id);
    else if (input.status === "paid") {
      const paidOn = utcDay(ctx.now());
      await recordPayment(ctx, { id: invoice.id, amount: "balance", paidOn, note: null, seen: invoice.status });
    } else if (!(await setInvoiceStatus(ctx.db, invoice.id, { from: invoice.status, to: input.status }, ctx.now()))) {
      throw new DomainError("CONFLICT", "Someone changed this invoice meanwhile. Reload it and try again.");
    }
    return { id: invoice.id, status: input.status };
  }),

  /** Records a payment (in part or in full) on a sent invoice; paying the balance marks it paid. */
  recordPayment: adminProcedure
    .input(
      z.object({
        id,
        amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        paidOn: paymentDateInput,
        note: paymentNoteInput.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const status = await recordPayment(ctx, { ...input, note: input.note || null });
      return { id: input.id, status };
    }),

  /** Starts a credit note correcting a sent or paid invoice: a draft with the invoice's lines, to edit and send. */
  creditNote: adminProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const original = await findInvoice(ctx.db, input.id);
    if (!original) throw new DomainError("NOT_FOUND", "No such invoice.");
    if (original.kind !== "invoice" || (original.status !== "sent" && original.status !== "paid")) {
      throw new DomainError("PRECONDITION_FAILED", "A credit note corrects a sent or paid invoice.");
    }
    const credit = {
      id: randomUUID(),
      kind: "credit_note" as const,
      creditFor: original.id,
      businessId: original.businessId,
      projectId: original.projectId,
      currency: original.currency,
      dueAt: null,
      notes: `Corrects invoice ${original.number}.`,
      createdBy: ctx.user.id,
      createdAt: ctx.now(),
      lines: await listInvoiceLines(ctx.db, original.id),
    };
    const number = await createInvoice(ctx.db, credit);
    return { id: credit.id, number };
  }),

  /**
   * A short-lived signed link answering the invoice's PDF: admins for any invoice, a client for its business's sent
   * ones. Once the legal details are complete it is a Factur-X PDF/A-3 carrying the CII XML as factur-x.xml.
   */
  pdfUrl: protectedProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    const invoice = await visibleInvoice(ctx.db, ctx.user, input.id);
    return { url: invoicePdfUrl(ctx, invoice.id) };
  }),

  /**
   * A short-lived signed link answering the invoice's EN 16931 XML, in CII (the default) or UBL 2.1 syntax, for whoever
   * may see the invoice. PRECONDITION_FAILED, naming what is missing, while a legal detail it must carry is not given.
   */
  xmlUrl: protectedProcedure.input(z.object({ id, syntax: z.enum(E_INVOICE_SYNTAXES).default("cii") })).query(async ({ ctx, input }) => {
    const invoice = await visibleInvoice(ctx.db, ctx.user, input.id);
    await checkInvoiceXml(ctx.db, invoice);
    return { url: invoiceXmlUrl(ctx, invoice.id, input.syntax) };
  }),

  /** The studio's billing details printed on every invoice, and the reminder schedule. */
  billingProfile: adminProcedure.query(({ ctx }) => getBillingProfile(ctx.db)),

  /**
   * The studio's legal details (billingDetailsInput): legalName; address (street lines), postcode, city, country (ISO
   * 3166-1 alpha-2); vatId (with its country's letters) and/or taxNumber; email (the invoicing e-mail); iban and bic,
   * and/or paymentLink (https); paymentTerms, bankDetails; logo (a data: URL) and reminderDays. An invoice is sent
   * only when legal name, address, country, a VAT or tax ID, the e-mail and a way to pay are given.
   */
  saveBillingProfile: adminProcedure.input(billingProfile).mutation(async ({ ctx, input }) => {
    await saveBillingProfile(ctx.db, input, ctx.now());
    return getBillingProfile(ctx.db);
  }),

  /** The currency a business is billed in; invoices keep the currency they were made in. */
  setBusinessCurrency: adminProcedure
    .input(z.object({ businessId: id, currency: z.enum(CURRENCY_CODES) }))
    .mutation(async ({ ctx, input }) => {
      const updated = await setBusinessCurrency(ctx.db, input.businessId, input.currency);
      if (!updated) throw new DomainError("NOT_FOUND", "No such business.");
      return updated;
    }),
});

export const billingRouter = router({
  /** The caller's business's invoices and credit notes, once sent. */
  invoices: protectedProcedure.query(async ({ ctx }) => {
    if (isStaff(ctx.user.role) || !ctx.user.businessId) return [];
    const rows = await listInvoices(ctx.db, { businessId: ctx.user.businessId, statuses: CLIENT_STATUSES });
    // The query narrows in SQL to the business and the statuses a client sees (isVisibleToClient); canSeeInvoice
    // stays the rule that decides, and invoice-documents.integration.test.ts checks the two give the same list.
    return rows.filter((invoice) => canSeeInvoice(ctx.user, invoice));
  }),
});
