// Retainers (docs/retainers.md): a business's terms, what it used month by month (projects started, or billable
// minutes logged on its projects, in the studio's time zone), and the invoice that bills a month, once.
import type { RetainerTerms } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";
import { insertInvoice, type NewInvoice } from "./invoices";

export type RetainerRow = RetainerTerms & { businessId: string; updatedAt: Date };

const columns = ["businessId", "unit", "allowance", "startsOn", "rollover", "rate", "monthlyFee", "currency", "updatedAt"] as const;

export function findRetainer(db: Db, businessId: string): Promise<RetainerRow | undefined> {
  return db.selectFrom("retainers").select(columns).where("businessId", "=", businessId).executeTakeFirst();
}

/** Every business's retainer, with the business's name, by name. */
export function listRetainers(db: Db): Promise<(RetainerRow & { businessName: string })[]> {
  return db
    .selectFrom("retainers as r")
    .innerJoin("businesses as b", "b.id", "r.businessId")
    .select(columns.map((c) => `r.${c}` as const))
    .select("b.name as businessName")
    .orderBy("b.name")
    .orderBy("b.id")
    .execute();
}

/** Sets a business's retainer, or ends it (null). Months already billed keep their invoices. */
export async function setRetainer(db: Db, businessId: string, terms: RetainerTerms | null, now: Date): Promise<void> {
  if (terms === null) {
    await db.deleteFrom("retainers").where("businessId", "=", businessId).execute();
    return;
  }
  await db
    .insertInto("retainers")
    .values({ businessId, ...terms, updatedAt: now })
    .onConflict((oc) => oc.column("businessId").doUpdateSet({ ...terms, updatedAt: now }))
    .execute();
}

/**
 * What the business used each month (YYYY-MM) from `fromDay`: the projects started for it, or the billable minutes
 * of stopped time entries on its projects, each by its day in `timeZone`.
 */
export async function retainerUsage(
  db: Db,
  q: { businessId: string; unit: RetainerTerms["unit"]; fromDay: string; timeZone: string },
): Promise<Map<string, number>> {
  const since = sql<Date>`(${q.fromDay}::date)::timestamp at time zone ${q.timeZone}`;
  const rows =
    q.unit === "requests"
      ? await db
          .selectFrom("projects")
          .select([sql<string>`to_char(created_at at time zone ${q.timeZone}, 'YYYY-MM')`.as("month"), sql<number>`count(*)`.as("used")])
          .where("businessId", "=", q.businessId)
          .where("createdAt", ">=", since)
          .groupBy(sql`1`)
          .execute()
      : await db
          .selectFrom("timeEntries as t")
          .innerJoin("projects as p", "p.id", "t.projectId")
          .select([
            sql<string>`to_char(t.started_at at time zone ${q.timeZone}, 'YYYY-MM')`.as("month"),
            sql<number>`coalesce(sum(t.minutes), 0)`.as("used"),
          ])
          .where("p.businessId", "=", q.businessId)
          .where("t.billable", "=", true)
          .where("t.endedAt", "is not", null)
          .where("t.startedAt", ">=", since)
          .groupBy(sql`1`)
          .execute();
  return new Map(rows.map((r) => [r.month, Number(r.used)]));
}

/** The months of a business's retainer already billed, with their invoices. */
export async function billedRetainerMonths(db: Db, businessId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom("retainerInvoices").select(["month", "invoiceId"]).where("businessId", "=", businessId).execute();
  return new Map(rows.map((r) => [r.month, r.invoiceId]));
}

export type RetainerInvoiceOutcome =
  | { ok: true; number: string; entries: number }
  | { ok: false; reason: "no-retainer" | "billed" | "nothing" };

/**
 * Bills one month of a business's retainer with the lines `linesFor` makes from the terms and the month's usage read
 * inside the transaction; for hours, the month's unbilled billable time on the business's projects is marked as billed
 * by it (a time invoice cannot bill it again). The retainer's row is locked first, so two calls for one month bill it
 * once; deleting the draft frees the month and its time.
 */
export async function invoiceRetainerMonth(
  db: Db,
  args: {
    invoice: Omit<NewInvoice, "lines" | "businessId">;
    businessId: string;
    month: string;
    timeZone: string;
    linesFor: (terms: RetainerRow, usage: Map<string, number>) => NewInvoice["lines"];
    before?: (trx: Db, number: string) => Promise<void>;
  },
): Promise<RetainerInvoiceOutcome> {
  return db.transaction().execute(async (trx) => {
    const terms = await trx
      .selectFrom("retainers")
      .select(columns)
      .where("businessId", "=", args.businessId)
      .forUpdate()
      .executeTakeFirst();
    if (!terms) return { ok: false, reason: "no-retainer" } as const;
    const billed = await trx
      .selectFrom("retainerInvoices")
      .select("invoiceId")
      .where("businessId", "=", args.businessId)
      .where("month", "=", args.month)
      .executeTakeFirst();
    if (billed) return { ok: false, reason: "billed" } as const;
    const usage = await retainerUsage(trx, {
      businessId: args.businessId,
      unit: terms.unit,
      fromDay: terms.startsOn,
      timeZone: args.timeZone,
    });
    const lines = args.linesFor(terms, usage);
    if (lines.length === 0) return { ok: false, reason: "nothing" } as const;
    const number = await insertInvoice(trx, { ...args.invoice, businessId: args.businessId, lines }, args.before);
    await trx
      .insertInto("retainerInvoices")
      .values({ businessId: args.businessId, month: args.month, invoiceId: args.invoice.id })
      .execute();
    let entries = 0;
    if (terms.unit === "hours") {
      const marked = await trx
        .updateTable("timeEntries as t")
        .set({ invoiceId: args.invoice.id })
        .from("projects as p")
        .whereRef("p.id", "=", "t.projectId")
        .where("p.businessId", "=", args.businessId)
        .where("t.invoiceId", "is", null)
        .where("t.billable", "=", true)
        .where("t.endedAt", "is not", null)
        .where(sql<string>`to_char(t.started_at at time zone ${args.timeZone}, 'YYYY-MM')`, "=", args.month)
        .executeTakeFirst();
      entries = Number(marked.numUpdatedRows);
    }
    return { ok: true, number, entries } as const;
  });
}
