// Queries on invoices and their lines; every function takes the database handle first.
import { sql } from "kysely";
import type { Db } from "./create-db";
import type { InvoiceStatusValue } from "./schema";

export interface NewInvoice {
  id: string;
  businessId: string;
  projectId: string | null;
  dueAt: string | null;
  notes: string | null;
  createdBy: string;
  createdAt: Date;
  lines: { description: string; quantity: number; unitAmount: number }[];
}

/**
 * Creates the invoice with the year's next number. The number is unique, so two invoices made at the
 * same moment cannot share one: the later insert fails and is retried with the next free number.
 */
export async function createInvoice(db: Db, invoice: NewInvoice, numberFor: (year: number, sequence: number) => string): Promise<string> {
  const year = invoice.createdAt.getUTCFullYear();
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const { count } = await trx
          .selectFrom("invoices")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("number", "like", `${numberFor(year, 0).slice(0, -4)}%`)
          .executeTakeFirstOrThrow();
        const number = numberFor(year, Number(count) + 1);
        const { lines, ...row } = invoice;
        await trx
          .insertInto("invoices")
          .values({ ...row, number })
          .execute();
        await trx
          .insertInto("invoiceLines")
          .values(lines.map((line, position) => ({ id: `${invoice.id}-${position}`, invoiceId: invoice.id, position, ...line })))
          .execute();
        return number;
      });
    } catch (error) {
      if (attempt < 5 && String((error as { code?: unknown }).code) === "23505") continue;
      throw error;
    }
  }
}

export async function listInvoices(db: Db, filter: { businessId: string | null; statuses?: readonly InvoiceStatusValue[] }) {
  let query = db
    .selectFrom("invoices")
    .innerJoin("businesses", "businesses.id", "invoices.businessId")
    .leftJoin("projects", "projects.id", "invoices.projectId")
    .select([
      "invoices.id",
      "invoices.number",
      "invoices.status",
      "invoices.currency",
      "invoices.dueAt",
      "invoices.notes",
      "invoices.sentAt",
      "invoices.paidAt",
      "invoices.createdAt",
      "invoices.businessId",
      "businesses.name as businessName",
      "projects.name as projectName",
    ])
    .select((eb) =>
      eb
        .selectFrom("invoiceLines")
        .whereRef("invoiceLines.invoiceId", "=", "invoices.id")
        .select(sql<number>`coalesce(sum(quantity * unit_amount), 0)::bigint`.as("t"))
        .as("total"),
    );
  if (filter.businessId !== null) query = query.where("invoices.businessId", "=", filter.businessId);
  if (filter.statuses) query = query.where("invoices.status", "in", [...filter.statuses]);
  const rows = await query.orderBy("invoices.createdAt", "desc").orderBy("invoices.number", "desc").execute();
  return rows.map((r) => ({ ...r, total: Number(r.total ?? 0) }));
}

export function findInvoice(db: Db, id: string) {
  return db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listInvoiceLines(db: Db, invoiceId: string) {
  return db
    .selectFrom("invoiceLines")
    .select(["description", "quantity", "unitAmount"])
    .where("invoiceId", "=", invoiceId)
    .orderBy("position")
    .execute();
}

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
