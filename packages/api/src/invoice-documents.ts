// What billing does beyond one query: who sees an invoice, sending it with its PDF in the transaction
// that marks it sent, payments that settle it, credit notes, the signed PDF link, and overdue reminders.
import { randomUUID } from "node:crypto";
import {
  addInvoicePayment,
  type BillingProfile,
  billingContacts,
  type Db,
  findActiveViewer,
  findProject,
  getBillingProfile,
  type InvoiceDocument,
  listUnremindedInvoices,
  loadInvoiceDocument,
  markInvoiceReminded,
  setInvoiceStatus,
  studioInvoicingEmail,
} from "@atelier/db";
import {
  buyerGapsMessage,
  buyerLegalGaps,
  canSeeInvoice,
  creditNoteRefusal,
  DomainError,
  formatInvoiceDate,
  formatMoney,
  type InvoiceStatus,
  invoiceBalance,
  invoiceTotals,
  isReminderDue,
  legalGapsMessage,
  lineVatCategory,
  paymentRefusal,
  type SessionUser,
  studioLegalGaps,
  utcDay,
} from "@atelier/domain";
import { invoiceMail, invoiceReminderMail, type Outbox } from "@atelier/mail";
import { createSignedDownloadToken, verifySignedDownloadToken } from "@atelier/storage";
import { canBeEInvoice, type EInvoiceSyntax, facturXPdf, isXRechnung, renderInvoiceXml } from "./e-invoice";
import { invoicePdfFilename, renderInvoicePdf } from "./invoice-pdf";
import { runPeriodically } from "./periodic";
import { postComment } from "./post-comment";
import type { Context } from "./trpc";
import { invoicePaid, invoiceSent } from "./webhooks/events";

/** The invoice with what it adds up to: totals, payments, credits and what is left to pay. */
export function withBalance(invoice: InvoiceDocument) {
  const totals = invoiceTotals(invoice.lines, invoice.kind);
  const paid = invoice.payments.reduce((sum, p) => sum + p.amount, 0);
  const credited = invoice.creditNotes.filter((c) => c.status === "sent" || c.status === "paid").reduce((sum, c) => sum + c.total, 0);
  return { ...invoice, totals, paid, credited, balance: invoice.kind === "invoice" ? invoiceBalance(totals.total, paid, credited) : 0 };
}

/**
 * The invoice as `user` may see it (canSeeInvoice), with only the credit notes against it they may see
 * too: a client is never shown a draft. Anyone not to see it is told there is no such invoice.
 */
export async function visibleInvoice(db: Db, user: SessionUser, id: string): Promise<InvoiceDocument> {
  const invoice = await loadInvoiceDocument(db, id);
  if (!invoice || !canSeeInvoice(user, invoice)) throw new DomainError("NOT_FOUND", "No such invoice.");
  const creditNotes = invoice.creditNotes.filter((c) => canSeeInvoice(user, { businessId: invoice.businessId, status: c.status }));
  return { ...invoice, creditNotes };
}

async function requireInvoice(db: Db, id: string, options: { lock?: boolean } = {}): Promise<InvoiceDocument> {
  const invoice = await loadInvoiceDocument(db, id, options);
  if (!invoice) throw new DomainError("NOT_FOUND", "No such invoice.");
  return invoice;
}

const billingUrl = (appUrl: string) => `${appUrl.replace(/\/+$/, "")}/settings`;
/** Where its client reads one invoice: under Billing. */
const billingInvoiceUrl = (appUrl: string, id: string) => `${billingUrl(appUrl)}/invoices/${encodeURIComponent(id)}`;

/**
 * Marks a draft sent and, in the same transaction, writes the mail with its PDF to each of the business's billing
 * contacts: both happen or neither does. An invoice for a project is told in that project's thread too, so the
 * business's people see it in the bell (its mail is the invoice's own, see commentDigest).
 */
export async function sendInvoice(ctx: Context & { user: SessionUser }, id: string): Promise<void> {
  const draft = await requireInvoice(ctx.db, id);
  if (draft.status !== "draft") throw new DomainError("PRECONDITION_FAILED", "Only a draft can be sent.");
  const studio = await getBillingProfile(ctx.db);
  const refusal = legalRefusal(draft, studio);
  if (refusal) throw new DomainError("PRECONDITION_FAILED", refusal);
  const recipients = await billingContacts(ctx.db, draft.businessId);
  if (recipients.length === 0) {
    throw new DomainError("PRECONDITION_FAILED", "The business has no client to send it to: link one to it on the Users page.");
  }
  const at = ctx.now();
  const sent = { ...draft, status: "sent" as const, sentAt: at };
  const total = invoiceTotals(sent.lines, sent.kind).total;
  const pdf = await invoicePdf(sent, studio, { seller: await studioInvoicingEmail(ctx.db, studio), contacts: recipients });
  const mail = ctx.mail;
  const send = async (trx: Db) => {
    if (sent.creditFor) {
      // Locked, so two credit notes sent at once cannot together credit more than the invoice bills.
      const original = withBalance(await requireInvoice(trx, sent.creditFor, { lock: true }));
      const refusal = creditNoteRefusal({ ...original, total: original.totals.total }, total);
      if (refusal) throw new DomainError("PRECONDITION_FAILED", refusal);
    }
    if (!(await setInvoiceStatus(trx, id, { from: "draft", to: "sent" }, at))) {
      throw new DomainError("CONFLICT", "Someone changed this invoice meanwhile. Reload it and try again.");
    }
    await invoiceSent(trx, ctx, sent, total);
    if (!mail) return;
    const attachment = { filename: invoicePdfFilename(sent), contentType: "application/pdf", base64: pdf.toString("base64") };
    const url = billingInvoiceUrl(mail.appUrl, sent.id);
    await mail.outbox.enqueue(
      trx,
      recipients.map((to) => ({
        kind: "invoice",
        ...invoiceMail({ to, studio: studio.legalName || "Atelier", ...sent, total, url, paymentLink: studio.paymentLink || undefined }),
        attachments: [attachment],
      })),
    );
  };
  const projectId = sent.kind === "invoice" ? (sent.projectId ?? sent.lines.find((l) => l.projectId)?.projectId ?? null) : null;
  const project = projectId ? await findProject(ctx.db, projectId) : undefined;
  if (!project) {
    await ctx.db.transaction().execute(send);
    mail?.outbox.kick();
    ctx.webhooks?.kick?.();
    return;
  }
  const due = sent.dueAt ? `, due ${formatInvoiceDate(sent.dueAt)}` : "";
  await postComment(ctx, project, {
    event: "invoice_sent",
    body: `Invoice ${sent.number} for ${formatMoney(total, sent.currency)}${due}`,
    prepare: send,
  });
}

/** Records a payment on a sent invoice; one that covers the balance marks it paid. Answers the invoice's status after it. */
export async function recordPayment(
  ctx: Context & { user: SessionUser },
  input: { id: string; amount: number | "balance"; paidOn: string; note: string | null; seen?: InvoiceStatus },
): Promise<"sent" | "paid"> {
  const status = await ctx.db.transaction().execute(async (trx) => {
    const invoice = withBalance(await requireInvoice(trx, input.id, { lock: true }));
    // The caller decided on the status it saw; if that changed meanwhile, the decision is stale.
    if (input.seen && invoice.status !== input.seen) {
      throw new DomainError("CONFLICT", "Someone changed this invoice meanwhile. Reload it and try again.");
    }
    const amount = input.amount === "balance" ? invoice.balance : input.amount;
    const refusal = paymentRefusal(invoice, amount, invoice.balance);
    if (refusal) throw new DomainError("PRECONDITION_FAILED", refusal);
    const at = ctx.now();
    await addInvoicePayment(trx, {
      id: randomUUID(),
      invoiceId: invoice.id,
      amount,
      paidOn: input.paidOn,
      note: input.note,
      recordedBy: ctx.user.id,
      createdAt: at,
    });
    if (amount < invoice.balance) return "sent";
    await setInvoiceStatus(trx, invoice.id, { from: "sent", to: "paid" }, at);
    await invoicePaid(trx, ctx, invoice, invoice.totals.total, input.paidOn);
    return "paid" as const;
  });
  ctx.webhooks?.kick?.();
  return status;
}

/** Why the invoice may not go out (nor be an e-invoice) yet: the studio's or the buyer's legal details it lacks. */
function legalRefusal(invoice: InvoiceDocument, studio: BillingProfile): string | null {
  const categories = invoice.lines.map(lineVatCategory);
  const gaps = studioLegalGaps(studio, categories);
  if (gaps.length > 0) return legalGapsMessage(gaps);
  const buyerGaps = buyerLegalGaps(invoice.buyer, categories);
  return buyerGaps.length > 0 ? buyerGapsMessage(invoice.businessName, buyerGaps) : null;
}

/**
 * The invoice's PDF: a Factur-X one (PDF/A-3 with its EN 16931 XML inside, e-invoice.ts) once the studio's and the
 * buyer's legal details are complete, as they are for every invoice sent; a plain PDF before (a draft's preview),
 * or in a currency EN 16931 cannot write.
 */
async function invoicePdf(
  invoice: InvoiceDocument,
  studio: BillingProfile,
  parties: { seller: string; contacts: readonly string[] },
): Promise<Buffer> {
  const { seller, contacts } = parties;
  const pdf = await renderInvoicePdf(invoice, studio);
  if (legalRefusal(invoice, studio) || !canBeEInvoice(invoice) || !seller) return pdf;
  return facturXPdf(pdf, invoice, studio, { sellerEmail: seller, buyerEmail: contacts[0] ?? "" });
}

/**
 * What the invoice's e-invoice needs besides itself: the studio's details and both parties' e-mail addresses; refused,
 * naming what is missing, while a legal detail it must carry is not given.
 */
async function eInvoiceInputs(db: Db, invoice: InvoiceDocument) {
  const studio = await getBillingProfile(db);
  const refusal = legalRefusal(invoice, studio);
  if (refusal) throw new DomainError("PRECONDITION_FAILED", refusal);
  if (isXRechnung(invoice) && !studio.telephone.trim()) {
    throw new DomainError(
      "PRECONDITION_FAILED",
      `${invoice.businessName} gives a buyer reference, so its e-invoice is an XRechnung, which names the studio's telephone: add it on Billing.`,
    );
  }
  const [buyerEmail] = await billingContacts(db, invoice.businessId);
  if (!buyerEmail) {
    throw new DomainError(
      "PRECONDITION_FAILED",
      "An e-invoice names the buyer's e-mail: give the business a billing contact or a client first.",
    );
  }
  const sellerEmail = await studioInvoicingEmail(db, studio);
  if (!sellerEmail)
    throw new DomainError("PRECONDITION_FAILED", "An e-invoice names the studio's e-mail: add the invoicing e-mail on Billing.");
  return { studio, parties: { sellerEmail, buyerEmail } };
}

/** Answers, before a link is made, why the invoice's XML cannot be had; nothing when it can (the XML is not written). */
export async function checkInvoiceXml(db: Db, invoice: InvoiceDocument): Promise<void> {
  await eInvoiceInputs(db, invoice);
}

const INVOICE_PDF_PATH = "/api/invoices";
const pdfTokenPath = (id: string) => `invoices/${id}.pdf`;
const xmlTokenPath = (id: string, syntax: EInvoiceSyntax) => `invoices/${id}.${syntax}.xml`;

/** A short-lived link to the invoice's e-invoice XML in `syntax`, for someone already allowed to see it. */
export function invoiceXmlUrl(ctx: Context & { user: SessionUser }, id: string, syntax: EInvoiceSyntax): string {
  const { token } = createSignedDownloadToken({ path: xmlTokenPath(id, syntax), userId: ctx.user.id }, ctx.files.secret, ctx.now());
  const base = (ctx.mail?.appUrl ?? "").replace(/\/+$/, "");
  return `${base}${INVOICE_PDF_PATH}/${encodeURIComponent(id)}/xml?${new URLSearchParams({ syntax, token })}`;
}

/**
 * GET /api/invoices/{id}/xml?syntax=cii|ubl&token=…: the e-invoice XML, for whoever holds a link made by
 * invoices.xmlUrl; 404 as for the PDF (createInvoicePdfHandler) when the link is not good or its holder may not see it.
 */
export function createInvoiceXmlHandler(options: { db: Db; secret: string; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return async (req: Request, id: string): Promise<Response> => {
    const params = new URL(req.url).searchParams;
    const syntax = params.get("syntax") === "ubl" ? "ubl" : params.get("syntax") === "cii" ? "cii" : null;
    const check = syntax ? verifySignedDownloadToken(params.get("token"), { path: xmlTokenPath(id, syntax) }, options.secret, now()) : null;
    const [invoice, viewer] = check?.ok
      ? await Promise.all([loadInvoiceDocument(options.db, id), findActiveViewer(options.db, check.userId)])
      : [undefined, undefined];
    if (!syntax || !invoice || !viewer || !canSeeInvoice(viewer, invoice))
      return new Response("No such invoice.", { status: 404, headers: { "content-type": "text/plain" } });
    try {
      const { studio, parties } = await eInvoiceInputs(options.db, invoice);
      const xml = await renderInvoiceXml(invoice, studio, parties, syntax);
      return new Response(xml, {
        headers: {
          "content-type": "application/xml; charset=utf-8",
          "content-disposition": `attachment; filename="${invoice.number}-${syntax}.xml"`,
          "cache-control": "private, no-store",
          "x-content-type-options": "nosniff",
        },
      });
    } catch (error) {
      // Details completed when the link was made and removed since: said, not a crash.
      if (error instanceof DomainError) return new Response(error.message, { status: 409, headers: { "content-type": "text/plain" } });
      throw error;
    }
  };
}

/** A short-lived link to the invoice's PDF, for someone already allowed to see it. */
export function invoicePdfUrl(ctx: Context & { user: SessionUser }, id: string): string {
  const { token } = createSignedDownloadToken({ path: pdfTokenPath(id), userId: ctx.user.id }, ctx.files.secret, ctx.now());
  const base = (ctx.mail?.appUrl ?? "").replace(/\/+$/, "");
  return `${base}${INVOICE_PDF_PATH}/${encodeURIComponent(id)}/pdf?${new URLSearchParams({ token })}`;
}

/**
 * GET /api/invoices/{id}/pdf?token=…: the PDF, for whoever holds a link made by invoices.pdfUrl. A
 * missing, forged, expired or other invoice's token, or one whose holder may no longer see the invoice, answers
 * 404, as an invoice that does not exist.
 */
export function createInvoicePdfHandler(options: { db: Db; secret: string; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return async (req: Request, id: string): Promise<Response> => {
    const token = new URL(req.url).searchParams.get("token");
    const check = verifySignedDownloadToken(token, { path: pdfTokenPath(id) }, options.secret, now());
    // The link outlives neither its holder's deactivation nor their leave to see the invoice: checked when used.
    const [invoice, viewer] = check.ok
      ? await Promise.all([loadInvoiceDocument(options.db, id), findActiveViewer(options.db, check.userId)])
      : [undefined, undefined];
    if (!invoice || !viewer || !canSeeInvoice(viewer, invoice))
      return new Response("No such invoice.", { status: 404, headers: { "content-type": "text/plain" } });
    const [studio, contacts] = await Promise.all([getBillingProfile(options.db), billingContacts(options.db, invoice.businessId)]);
    const pdf = await invoicePdf(invoice, studio, { seller: await studioInvoicingEmail(options.db, studio), contacts });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${invoicePdfFilename(invoice)}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  };
}

/**
 * One reminder pass: each overdue invoice the admin's schedule says is due for its reminder gets it,
 * once, written in the transaction that records it. Answers how many were reminded.
 */
export async function remindOverdueInvoices(db: Db, options: { outbox: Pick<Outbox, "enqueue" | "kick">; appUrl: string; now: Date }) {
  const studio = await getBillingProfile(db);
  const today = utcDay(options.now);
  const due = (await listUnremindedInvoices(db)).filter((invoice) => isReminderDue(invoice, today, studio.reminderDays));
  let reminded = 0;
  for (const candidate of due) {
    const recipients = await billingContacts(db, candidate.businessId);
    await db.transaction().execute(async (trx) => {
      if (!(await markInvoiceReminded(trx, candidate.id, options.now))) return;
      const invoice = withBalance(await requireInvoice(trx, candidate.id));
      await options.outbox.enqueue(
        trx,
        recipients.map((to) => ({
          kind: "invoice-reminder",
          ...invoiceReminderMail({
            to,
            studio: studio.legalName || "Atelier",
            ...invoice,
            total: invoice.totals.total,
            url: billingInvoiceUrl(options.appUrl, invoice.id),
            paymentLink: studio.paymentLink || undefined,
          }),
        })),
      );
      reminded++;
    });
  }
  if (reminded > 0) options.outbox.kick();
  return reminded;
}

/** How often each web instance looks for overdue invoices to remind; a reminder goes out once whichever instance finds it. */
const INVOICE_REMINDER_PASS_MS = 60 * 60 * 1000;

/** Runs reminder passes beside the mail outbox: one now, then every `everyMs`. Answers a function that stops them. */
export function startInvoiceReminders(options: { db: Db; outbox: Pick<Outbox, "enqueue" | "kick">; appUrl: string; everyMs?: number }) {
  return runPeriodically("invoice reminders", options.everyMs ?? INVOICE_REMINDER_PASS_MS, () =>
    remindOverdueInvoices(options.db, { outbox: options.outbox, appUrl: options.appUrl, now: new Date() }),
  );
}
