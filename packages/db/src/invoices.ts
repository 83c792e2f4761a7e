// Queries on invoices, credit notes, their lines and payments, and the studio's billing details;
// every function takes the database handle (or the caller's transaction) first.
import {
  defaultVatCategory,
  type InvoiceKind,
  invoiceBalance,
  invoiceNumber,
  invoiceSeries,
  invoiceTotals,
  type VatCategory,
} from "@atelier/domain";
import { sql } from "kysely";
import type { BuyerDetails } from "./businesses";
import type { Db } from "./create-db";
import { decodeCursor, encodeCursor, epochMicros, fromEpochMicros, likeEscaped, type Page } from "./keyset";
import type { BillingProfile, InvoiceStatusValue } from "./schema";

export interface NewInvoiceLine {
  description: string;
  quantity: number;
  unitAmount: number;
  discountBp?: number | undefined;
  taxRateBp?: number | undefined;
  taxCategory?: VatCategory | undefined;
  projectId?: string | null | undefined;
}

export interface NewInvoice {
  id: string;
  kind?: InvoiceKind;
  creditFor?: string | null;
  businessId: string;
  projectId: string | null;
  currency: string;
  dueAt: string | null;
  notes: string | null;
  createdBy: string;
  createdAt: Date;
  lines: NewInvoiceLine[];
}

/**
 * The next number of a series in a year. The counter row stays locked until the caller's transaction
 * ends, so concurrent invoices take numbers one after another, and one rolled back frees its number.
 */
async function takeSequence(trx: Db, series: string, year: number): Promise<number> {
  const row = await trx
    .insertInto("invoiceSequences")
    .values({ series, year, last: 1 })
    .onConflict((oc) => oc.columns(["series", "year"]).doUpdateSet((eb) => ({ last: eb("invoiceSequences.last", "+", 1) })))
    .returning("last")
    .executeTakeFirstOrThrow();
  return row.last;
}

async function insertLines(trx: Db, invoiceId: string, lines: readonly NewInvoiceLine[]): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto("invoiceLines")
    .values(
      lines.map((line, position) => ({
        id: `${invoiceId}-${position}`,
        invoiceId,
        position,
        description: line.description,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
        discountBp: line.discountBp ?? 0,
        taxRateBp: line.taxRateBp ?? 0,
        taxCategory: line.taxCategory ?? defaultVatCategory(line.taxRateBp ?? 0),
        projectId: line.projectId ?? null,
      })),
    )
    .execute();
}

/** Creates the invoice (or credit note) with its series' next number in the year; numbers have no gaps. */
export async function createInvoice(
  db: Db,
  invoice: NewInvoice,
  /** Runs first in the invoice's transaction, knowing its number (the caller's idempotency record). */
  before?: (trx: Db, number: string) => Promise<void>,
): Promise<string> {
  return db.transaction().execute((trx) => insertInvoice(trx, invoice, before));
}

/** `createInvoice` within the caller's transaction (which then holds the series' counter until it ends). */
export async function insertInvoice(trx: Db, invoice: NewInvoice, before?: (trx: Db, number: string) => Promise<void>): Promise<string> {
  const kind = invoice.kind ?? "invoice";
  const year = invoice.createdAt.getUTCFullYear();
  const number = invoiceNumber(year, await takeSequence(trx, invoiceSeries(kind), year), kind);
  await before?.(trx, number);
  const { lines, ...row } = invoice;
  await trx
    .insertInto("invoices")
    .values({ ...row, kind, number })
    .execute();
  await insertLines(trx, invoice.id, lines);
  return number;
}

/** Deletes a draft (its lines with it; time it billed is unbilled again); false, deleting nothing, once it was sent. */
export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom("invoices").where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Replaces a draft's terms and lines; answers false (changing nothing) once it is no longer a draft. */
export async function updateDraft(
  db: Db,
  id: string,
  changes: { projectId: string | null; dueAt: string | null; notes: string | null; lines: NewInvoiceLine[] },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { lines, ...row } = changes;
    const updated = await trx.updateTable("invoices").set(row).where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await trx.deleteFrom("invoiceLines").where("invoiceId", "=", id).execute();
    await insertLines(trx, id, lines);
    return true;
  });
}

/** The lines of the invoices, each with its VAT category (read by its rate when saved before categories). */
async function linesOf(db: Db, invoiceIds: readonly string[]) {
  const rows = await db
    .selectFrom("invoiceLines")
    .select(["invoiceId", "description", "quantity", "unitAmount", "discountBp", "taxRateBp", "taxCategory", "projectId"])
    .where("invoiceId", "in", invoiceIds.length ? [...invoiceIds] : [""])
    .orderBy("invoiceId")
    .orderBy("position")
    .execute();
  return rows.map((line) => ({ ...line, taxCategory: line.taxCategory ?? defaultVatCategory(line.taxRateBp) }));
}

const INVOICE_ORDER = "newest";

/**
 * Invoices newest first, with their totals and balances. With `page`, one page of them (keyset on created_at and
 * number, through invoices_list), and `words` that must each appear in the number or the business's name.
 */
async function invoiceRows(
  db: Db,
  filter: { businessId: string | null; statuses?: readonly InvoiceStatusValue[]; words?: readonly string[] | undefined },
  page?: { cursor?: string | undefined; limit: number },
) {
  let query = db
    .selectFrom("invoices")
    .innerJoin("businesses", "businesses.id", "invoices.businessId")
    .leftJoin("projects", "projects.id", "invoices.projectId")
    .select([
      "invoices.id",
      "invoices.number",
      "invoices.kind",
      "invoices.status",
      "invoices.currency",
      "invoices.dueAt",
      "invoices.notes",
      "invoices.sentAt",
      "invoices.paidAt",
      "invoices.createdAt",
      "invoices.businessId",
      "businesses.name as businessName",
      "projects.title as projectTitle",
      epochMicros("invoices.createdAt").as("sortKey"),
    ]);
  if (filter.businessId !== null) query = query.where("invoices.businessId", "=", filter.businessId);
  if (filter.statuses) query = query.where("invoices.status", "in", [...filter.statuses]);
  for (const word of filter.words ?? [])
    query = query.where(
      sql<boolean>`atelier_fold(concat_ws(' ', invoices.number, businesses.name)) like '%' || atelier_fold(${likeEscaped(word)}) || '%'`,
    );
  if (page?.cursor !== undefined) {
    const after = decodeCursor(page.cursor, INVOICE_ORDER);
    query = query.where(sql<boolean>`(invoices.created_at, invoices.number) < (${fromEpochMicros(after.sortKey)}, ${after.id})`);
  }
  query = query.orderBy("invoices.createdAt", "desc").orderBy("invoices.number", "desc");
  const found = await (page ? query.limit(page.limit + 1) : query).execute();
  const rows = found.slice(0, page?.limit);
  const ids = rows.map((r) => r.id);
  const [payments, credits] = await Promise.all([
    db
      .selectFrom("invoicePayments")
      .select(["invoiceId", (eb) => eb.fn.sum<number>("amount").as("paid")])
      .where("invoiceId", "in", ids.length ? ids : [""])
      .groupBy("invoiceId")
      .execute(),
    db
      .selectFrom("invoices")
      .select(["id", "creditFor"])
      .where("creditFor", "in", ids.length ? ids : [""])
      .where("status", "in", ["sent", "paid"])
      .execute(),
  ]);
  const lines = await linesOf(db, [...ids, ...credits.map((c) => c.id)]);
  const total = (id: string, kind: InvoiceKind) =>
    invoiceTotals(
      lines.filter((l) => l.invoiceId === id),
      kind,
    ).total;
  const items = rows.map(({ sortKey: _, ...r }) => {
    const paid = Number(payments.find((p) => p.invoiceId === r.id)?.paid ?? 0);
    const credited = credits.filter((c) => c.creditFor === r.id).reduce((sum, c) => sum + total(c.id, "credit_note"), 0);
    const invoiceTotal = total(r.id, r.kind);
    return {
      ...r,
      total: invoiceTotal,
      balance: r.kind === "invoice" && r.status === "sent" ? invoiceBalance(invoiceTotal, paid, credited) : 0,
    };
  });
  const last = rows.at(-1);
  return { items, nextCursor: page && found.length > page.limit && last ? encodeCursor(INVOICE_ORDER, last.sortKey, last.number) : null };
}

/** One page of invoices, newest first (see invoiceRows). */
export function listInvoicePage(
  db: Db,
  filter: { businessId: string | null; words?: readonly string[] | undefined },
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<Awaited<ReturnType<typeof invoiceRows>>["items"][number]>> {
  return invoiceRows(db, filter, page);
}

/** Every invoice of a business (or of all), newest first. */
export async function listInvoices(db: Db, filter: { businessId: string | null; statuses?: readonly InvoiceStatusValue[] }) {
  return (await invoiceRows(db, filter)).items;
}

export function findInvoice(db: Db, id: string) {
  return db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listInvoiceLines(db: Db, invoiceId: string) {
  const lines = await linesOf(db, [invoiceId]);
  return lines.map(({ invoiceId: _, ...line }) => line);
}

/**
 * Everything printed on an invoice or shown on its page: the invoice, its business, lines, payments,
 * the credit notes sent against it (or, for a credit note, the invoice it corrects). With `lock`, the
 * invoice row stays locked until the caller's transaction ends.
 */
export async function loadInvoiceDocument(db: Db, id: string, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom("invoices")
    .innerJoin("businesses", "businesses.id", "invoices.businessId")
    .leftJoin("projects", "projects.id", "invoices.projectId")
    .leftJoin("invoices as original", "original.id", "invoices.creditFor")
    .selectAll("invoices")
    .select(["businesses.name as businessName", "projects.title as projectTitle", "original.number as creditForNumber"])
    .select((eb) =>
      eb
        .fn("json_build_object", [
          sql.lit("legalName"),
          "businesses.legalName",
          sql.lit("address"),
          "businesses.address",
          sql.lit("postcode"),
          "businesses.postcode",
          sql.lit("city"),
          "businesses.city",
          sql.lit("country"),
          "businesses.country",
          sql.lit("vatId"),
          "businesses.vatId",
          sql.lit("buyerReference"),
          "businesses.buyerReference",
        ])
        .$castTo<BuyerDetails>()
        .as("buyer"),
    )
    .where("invoices.id", "=", id);
  if (options.lock) query = query.forUpdate("invoices");
  const invoice = await query.executeTakeFirst();
  if (!invoice) return undefined;
  const [lines, payments, credits] = await Promise.all([
    listInvoiceLines(db, id),
    db
      .selectFrom("invoicePayments")
      .select(["id", "amount", "paidOn", "note", "createdAt"])
      .where("invoiceId", "=", id)
      .orderBy("paidOn")
      .orderBy("createdAt")
      .execute(),
    db.selectFrom("invoices").select(["id", "number", "status", "kind"]).where("creditFor", "=", id).orderBy("number").execute(),
  ]);
  const creditLines = await linesOf(
    db,
    credits.map((c) => c.id),
  );
  const creditNotes = credits.map((c) => ({
    ...c,
    total: invoiceTotals(
      creditLines.filter((l) => l.invoiceId === c.id),
      c.kind,
    ).total,
  }));
  return { ...invoice, lines, payments, creditNotes };
}

export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof loadInvoiceDocument>>>;

/**
 * Moves the invoice from status `from` to `to`, only if it is still `from`: of two changes made at the
 * same moment one wins and the other changes nothing. Answers whether this one changed it.
 */
export async function setInvoiceStatus(db: Db, id: string, change: { from: InvoiceStatusValue; to: InvoiceStatusValue }, at: Date) {
  const { from, to } = change;
  const result = await db
    .updateTable("invoices")
    .set({ status: to, ...(to === "sent" ? { sentAt: at } : {}), ...(to === "paid" ? { paidAt: at } : {}) })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function addInvoicePayment(
  db: Db,
  payment: { id: string; invoiceId: string; amount: number; paidOn: string; note: string | null; recordedBy: string; createdAt: Date },
): Promise<void> {
  await db.insertInto("invoicePayments").values(payment).execute();
}

/** Where an invoice to the business is mailed: the billing contacts it has, or else its client users' addresses. */
export async function billingContacts(db: Db, businessId: string): Promise<string[]> {
  const business = await db.selectFrom("businesses").select("billingEmails").where("id", "=", businessId).executeTakeFirst();
  if (business?.billingEmails?.length) return business.billingEmails;
  const rows = await db
    .selectFrom("users")
    .select("email")
    .where("businessId", "=", businessId)
    .where("role", "=", "client")
    .where("deactivatedAt", "is", null)
    .where("email", "is not", null)
    .orderBy("email")
    .execute();
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/**
 * The studio's address on its e-invoices (their electronic address and contact): its invoicing e-mail, else the
 * first active admin's; "" when there is neither.
 */
export async function studioInvoicingEmail(db: Db, profile: Pick<BillingProfile, "email">): Promise<string> {
  if (profile.email.trim()) return profile.email.trim();
  const admin = await db
    .selectFrom("users")
    .select("email")
    .where("role", "=", "admin")
    .where("deactivatedAt", "is", null)
    .where("email", "is not", null)
    .orderBy("createdAt")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return admin?.email ?? "";
}

export function setBusinessCurrency(db: Db, businessId: string, currency: string) {
  return db.updateTable("businesses").set({ currency }).where("id", "=", businessId).returning(["id", "currency"]).executeTakeFirst();
}

const EMPTY_BILLING_PROFILE: BillingProfile = {
  legalName: "",
  address: "",
  taxNumber: "",
  postcode: "",
  city: "",
  country: "",
  vatId: "",
  email: "",
  telephone: "",
  iban: "",
  bic: "",
  paymentLink: "",
  logo: null,
  paymentTerms: "",
  bankDetails: "",
  reminderDays: null,
};

export async function getBillingProfile(db: Db): Promise<BillingProfile> {
  const row = await db.selectFrom("billingProfile").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return EMPTY_BILLING_PROFILE;
  const { id: _id, updatedAt: _updatedAt, ...profile } = row;
  return profile;
}

export async function saveBillingProfile(db: Db, profile: BillingProfile, at: Date): Promise<void> {
  await db
    .insertInto("billingProfile")
    .values({ id: 1, ...profile, updatedAt: at })
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...profile, updatedAt: at }))
    .execute();
}

/** Sent invoices with a due date that have had no reminder: the candidates a reminder pass looks at. */
export function listUnremindedInvoices(db: Db) {
  return db
    .selectFrom("invoices")
    .select(["id", "number", "status", "kind", "dueAt", "remindedAt", "businessId"])
    .where("status", "=", "sent")
    .where("kind", "=", "invoice")
    .where("remindedAt", "is", null)
    .where("dueAt", "is not", null)
    .execute();
}

/** Records the reminder of an invoice, once: answers false when another pass already did. */
export async function markInvoiceReminded(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable("invoices")
    .set({ remindedAt: at })
    .where("id", "=", id)
    .where("remindedAt", "is", null)
    .where("status", "=", "sent")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
