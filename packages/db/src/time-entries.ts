// Time on projects (docs/time.md): a person's running timer (one at most, held by a partial unique index), stopped
// and hand-added entries, a week of them, a business's unbilled billable time, and that time made into a draft
// invoice in one transaction that bills each entry once however many ask at the same moment.
import { type BillableTime, elapsedMinutes, type TimeGrouping, timeInvoiceLines, unratedPeople } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";
import { insertInvoice, type NewInvoice } from "./invoices";

export interface TimeEntry {
  id: string;
  userId: string;
  personName: string;
  projectId: string;
  projectTitle: string;
  businessId: string;
  businessName: string;
  startedAt: Date;
  endedAt: Date | null;
  minutes: number | null;
  note: string;
  billable: boolean;
  rate: number;
  invoiceId: string | null;
  invoiceNumber: string | null;
}

function entries(db: Db) {
  return db
    .selectFrom("timeEntries as t")
    .innerJoin("projects as p", "p.id", "t.projectId")
    .innerJoin("businesses as b", "b.id", "p.businessId")
    .innerJoin("users as u", "u.id", "t.userId")
    .leftJoin("invoices as i", "i.id", "t.invoiceId")
    .select([
      "t.id",
      "t.userId",
      sql<string>`coalesce(u.name, u.email, 'Someone')`.as("personName"),
      "t.projectId",
      "p.title as projectTitle",
      "p.businessId",
      "b.name as businessName",
      "t.startedAt",
      "t.endedAt",
      "t.minutes",
      "t.note",
      "t.billable",
      "t.rate",
      "t.invoiceId",
      "i.number as invoiceNumber",
    ]);
}

export async function findTimeEntry(db: Db, id: string): Promise<TimeEntry | undefined> {
  return entries(db).where("t.id", "=", id).executeTakeFirst();
}

/** The person's running timer, if any. */
export async function runningTimer(db: Db, userId: string): Promise<TimeEntry | undefined> {
  return entries(db).where("t.userId", "=", userId).where("t.endedAt", "is", null).executeTakeFirst();
}

/** Stops the person's running timer at `now`, its whole minutes by elapsedMinutes; undefined when none ran. */
export async function stopTimer(db: Db, userId: string, now: Date): Promise<{ id: string; minutes: number } | undefined> {
  const running = await db
    .selectFrom("timeEntries")
    .select(["id", "startedAt"])
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
    .executeTakeFirst();
  if (!running) return undefined;
  const minutes = elapsedMinutes(running.startedAt, now);
  // Stopped meanwhile (another tab): nothing left to stop.
  const stopped = await db
    .updateTable("timeEntries")
    .set({ endedAt: now, minutes })
    .where("id", "=", running.id)
    .where("endedAt", "is", null)
    .executeTakeFirst();
  return stopped.numUpdatedRows > 0n ? { id: running.id, minutes } : undefined;
}

/** Starts a timer on a project, stopping the one running (one timer a person). */
export async function startTimer(db: Db, entry: { id: string; userId: string; projectId: string; rate: number; now: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await stopTimer(trx, entry.userId, entry.now);
    await trx
      .insertInto("timeEntries")
      .values({ id: entry.id, userId: entry.userId, projectId: entry.projectId, startedAt: entry.now, rate: entry.rate })
      .execute();
  });
}

export async function addTimeEntry(
  db: Db,
  entry: { id: string; userId: string; projectId: string; startedAt: Date; minutes: number; note: string; billable: boolean; rate: number },
): Promise<void> {
  await db
    .insertInto("timeEntries")
    .values({ ...entry, endedAt: new Date(entry.startedAt.getTime() + entry.minutes * 60_000) })
    .execute();
}

/** Changes an entry not billed yet; false, changing nothing, once it is on an invoice (or running, for its minutes). */
export async function updateTimeEntry(
  db: Db,
  id: string,
  changes: { projectId?: string; minutes?: number; note?: string; billable?: boolean; rate?: number },
): Promise<boolean> {
  const { minutes, ...rest } = changes;
  let query = db.updateTable("timeEntries").where("id", "=", id).where("invoiceId", "is", null);
  if (minutes !== undefined) {
    query = query.where("endedAt", "is not", null);
  }
  const updated = await query
    .set({
      ...rest,
      ...(minutes === undefined ? {} : { minutes, endedAt: sql<Date>`started_at + make_interval(mins => ${minutes})` }),
    })
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Deletes an entry not billed yet; false once it is on an invoice. */
export async function deleteTimeEntry(db: Db, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom("timeEntries").where("id", "=", id).where("invoiceId", "is", null).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** A person's entries that started in [from, to), oldest first. */
export async function timeEntriesBetween(db: Db, userId: string, from: Date, to: Date): Promise<TimeEntry[]> {
  return entries(db)
    .where("t.userId", "=", userId)
    .where("t.startedAt", ">=", from)
    .where("t.startedAt", "<", to)
    .orderBy("t.startedAt")
    .orderBy("t.id")
    .execute();
}

/** A business's stopped, billable time not on an invoice yet, as invoicing reads it. */
export async function unbilledTime(db: Db, businessId: string): Promise<BillableTime[]> {
  const rows = await entries(db)
    .where("p.businessId", "=", businessId)
    .where("t.invoiceId", "is", null)
    .where("t.billable", "=", true)
    .where("t.endedAt", "is not", null)
    .orderBy("t.startedAt")
    .execute();
  return rows.map(toBillable);
}

const toBillable = (r: TimeEntry): BillableTime => ({
  id: r.id,
  projectId: r.projectId,
  projectTitle: r.projectTitle,
  userId: r.userId,
  personName: r.personName,
  minutes: r.minutes ?? 0,
  rate: r.rate,
  note: r.note,
  startedAt: r.startedAt,
});

export type InvoiceTimeOutcome =
  | { ok: true; number: string; entries: number }
  | { ok: false; reason: "nothing" }
  | { ok: false; reason: "unrated"; people: string[] };

/**
 * Makes `invoice` (its lines left empty here) a draft billing the business's unbilled time (those of `entryIds` when
 * given), grouped as asked. The entries are locked for the transaction: a second call at the same moment waits, then
 * finds them billed and makes nothing (`nothing`). Time of a person without a rate refuses the whole (`unrated`).
 */
export async function invoiceTime(
  db: Db,
  args: {
    invoice: Omit<NewInvoice, "lines">;
    entryIds?: readonly string[] | undefined;
    grouping: TimeGrouping;
    timeZone: string;
    taxRateBp: number;
    /** Time from this day on (in the studio's zone) is billed by the business's hours retainer instead. */
    coveredFrom?: { day: string; timeZone: string } | undefined;
    before?: (trx: Db, number: string) => Promise<void>;
  },
): Promise<InvoiceTimeOutcome> {
  return db.transaction().execute(async (trx) => {
    let locked = entries(trx)
      .where("p.businessId", "=", args.invoice.businessId)
      .where("t.invoiceId", "is", null)
      .where("t.billable", "=", true)
      .where("t.endedAt", "is not", null)
      .forUpdate("t");
    if (args.entryIds) locked = locked.where("t.id", "in", args.entryIds.length ? [...args.entryIds] : [""]);
    if (args.coveredFrom) {
      locked = locked.where(
        "t.startedAt",
        "<",
        sql<Date>`(${args.coveredFrom.day}::date)::timestamp at time zone ${args.coveredFrom.timeZone}`,
      );
    }
    const billable = (await locked.execute()).map(toBillable);
    if (billable.length === 0) return { ok: false, reason: "nothing" } as const;
    const ids = billable.map((e) => e.id);
    const unrated = unratedPeople(billable);
    if (unrated.length > 0) return { ok: false, reason: "unrated", people: unrated } as const;
    const lines = timeInvoiceLines(billable, args.grouping, args.invoice.currency, args.timeZone);
    const number = await insertInvoice(
      trx,
      {
        ...args.invoice,
        lines: lines.map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unitAmount: l.unitAmount,
          projectId: l.projectId,
          taxRateBp: args.taxRateBp,
        })),
      },
      args.before,
    );
    await trx.updateTable("timeEntries").set({ invoiceId: args.invoice.id }).where("id", "in", ids).execute();
    return { ok: true, number, entries: ids.length } as const;
  });
}

export async function setHourlyRate(db: Db, userId: string, rate: number): Promise<boolean> {
  const updated = await db.updateTable("users").set({ hourlyRate: rate }).where("id", "=", userId).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** The hourly rates of these people, by id (0 for none set), in one query. */
export async function hourlyRatesOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "hourlyRate"])
    .where("id", "in", [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.hourlyRate]));
}

/** A person's hourly rate on a project: their rate for the project's service when one is set, else their own. */
export async function hourlyRateOf(db: Db, userId: string, projectId: string): Promise<number> {
  const row = await db
    .selectFrom("users as u")
    .select((eb) => [
      "u.hourlyRate",
      eb
        .selectFrom("serviceRates as r")
        .innerJoin("projects as p", "p.serviceId", "r.serviceId")
        .whereRef("r.userId", "=", "u.id")
        .where("p.id", "=", projectId)
        .select("r.rate")
        .as("serviceRate"),
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return row?.serviceRate ?? row?.hourlyRate ?? 0;
}

/** The rates people have for one service, over their own, by person. */
export async function serviceRates(db: Db, serviceId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom("serviceRates").select(["userId", "rate"]).where("serviceId", "=", serviceId).execute();
  return new Map(rows.map((r) => [r.userId, r.rate]));
}

/** Sets a person's rate for a service, or removes it (null: their own rate applies). */
export async function setServiceRate(db: Db, q: { serviceId: string; userId: string; rate: number | null }): Promise<void> {
  if (q.rate === null) {
    await db.deleteFrom("serviceRates").where("serviceId", "=", q.serviceId).where("userId", "=", q.userId).execute();
    return;
  }
  await db
    .insertInto("serviceRates")
    .values({ serviceId: q.serviceId, userId: q.userId, rate: q.rate })
    .onConflict((oc) => oc.columns(["serviceId", "userId"]).doUpdateSet({ rate: q.rate as number }))
    .execute();
}
