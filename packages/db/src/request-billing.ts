// Requests billed at their service's price (docs/services.md, "Billing requests"): a business's projects asked as a
// service priced in its currency, not billed yet and not covered by its requests retainer; and the draft invoice that
// bills them, each once.
import { requestInvoiceLine, requestPrice } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";
import { insertInvoice, type NewInvoice } from "./invoices";

export interface UnbilledRequest {
  projectId: string;
  title: string;
  serviceName: string;
  rush: boolean;
  price: number;
  createdAt: Date;
}

/**
 * The business's unbilled requests at a price: asked as a service priced (not quoted) in `currency`, not on an invoice,
 * and started before `coveredFrom` (its requests retainer's first day, in the studio's zone) when it has one.
 */
function unbilled(db: Db, q: { businessId: string; currency: string; coveredFrom?: { day: string; timeZone: string } | undefined }) {
  let query = db
    .selectFrom("projects as p")
    .innerJoin("services as s", "s.id", "p.serviceId")
    .select(["p.id as projectId", "p.title", "s.name as serviceName", "p.rush", "s.price", "s.rushPrice", "p.createdAt"])
    .where("p.businessId", "=", q.businessId)
    .where("p.invoiceId", "is", null)
    .where("s.price", "is not", null)
    .where("s.currency", "=", q.currency)
    .orderBy("p.createdAt")
    .orderBy("p.id");
  if (q.coveredFrom) {
    query = query.where("p.createdAt", "<", sql<Date>`(${q.coveredFrom.day}::date)::timestamp at time zone ${q.coveredFrom.timeZone}`);
  }
  return query;
}

const priced = (
  rows: {
    projectId: string;
    title: string;
    serviceName: string;
    rush: boolean;
    price: number | null;
    rushPrice: number | null;
    createdAt: Date;
  }[],
) => rows.map(({ rushPrice, price, ...r }) => ({ ...r, price: requestPrice({ price, rushPrice }, r.rush) ?? 0 }));

export async function unbilledRequests(db: Db, q: Parameters<typeof unbilled>[1]): Promise<UnbilledRequest[]> {
  return priced(await unbilled(db, q).execute());
}

/**
 * A draft invoice of the business's unbilled requests, one line each at its price (its rush price when asked as a
 * rush): the projects are locked and marked with the invoice in its transaction, so two calls bill each once.
 */
export async function invoiceRequests(
  db: Db,
  args: {
    invoice: Omit<NewInvoice, "lines">;
    coveredFrom?: { day: string; timeZone: string } | undefined;
    taxRateBp: number;
    before?: (trx: Db, number: string) => Promise<void>;
  },
): Promise<{ ok: true; number: string; requests: number } | { ok: false }> {
  return db.transaction().execute(async (trx) => {
    const rows = priced(
      await unbilled(trx, { businessId: args.invoice.businessId, currency: args.invoice.currency, coveredFrom: args.coveredFrom })
        .forUpdate("p")
        .execute(),
    );
    if (rows.length === 0) return { ok: false } as const;
    const lines = rows.map((r) => ({ ...requestInvoiceLine(r), taxRateBp: args.taxRateBp }));
    const number = await insertInvoice(trx, { ...args.invoice, lines }, args.before);
    await trx
      .updateTable("projects")
      .set({ invoiceId: args.invoice.id })
      .where(
        "id",
        "in",
        rows.map((r) => r.projectId),
      )
      .execute();
    return { ok: true, number, requests: rows.length } as const;
  });
}
