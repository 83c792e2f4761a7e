// The studio's services (docs/services.md): listed in the studio's order, to a business only those shown to all or to
// it, archived ones kept for the projects that name them; and the studio's calendar, its days off and time zone.
import type { IntakeField } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";

export interface ServiceRow {
  id: string;
  name: string;
  description: string;
  event: string;
  price: number | null;
  currency: string;
  rounds: number;
  turnaroundDays: number;
  rushDays: number | null;
  rushPrice: number | null;
  forAll: boolean;
  position: number;
  archivedAt: Date | null;
  /** The businesses it is shown to when not to all. */
  businessIds: string[];
  /** The questions a request for it asks. */
  intakeForm: IntakeField[];
  /** Minutes a request for it is expected to take (0: not estimated). */
  estimateMinutes: number;
}

export type ServiceFields = Omit<ServiceRow, "id" | "position" | "archivedAt">;

function services(db: Db) {
  return db
    .selectFrom("services as s")
    .select([
      "s.id",
      "s.name",
      "s.description",
      "s.event",
      "s.price",
      "s.currency",
      "s.rounds",
      "s.turnaroundDays",
      "s.rushDays",
      "s.rushPrice",
      "s.forAll",
      "s.position",
      "s.archivedAt",
      "s.intakeForm",
      "s.estimateMinutes",
      sql<
        string[]
      >`coalesce((select array_agg(sb.business_id order by sb.business_id) from service_businesses sb where sb.service_id = s.id), '{}')`.as(
        "businessIds",
      ),
    ])
    .orderBy("s.position")
    .orderBy("s.name")
    .orderBy("s.id");
}

/**
 * The services in the studio's order. For a business (a client's view): only those not archived and shown to all or
 * to it. For the studio (`businessId` null): all, archived ones too when asked.
 */
export async function listServices(db: Db, q: { businessId: string | null; archived?: boolean }): Promise<ServiceRow[]> {
  let query = services(db);
  if (q.businessId !== null) {
    const businessId = q.businessId;
    query = query
      .where("s.archivedAt", "is", null)
      .where((eb) =>
        eb.or([
          eb("s.forAll", "=", true),
          eb.exists(
            eb
              .selectFrom("serviceBusinesses as sb")
              .select("sb.serviceId")
              .whereRef("sb.serviceId", "=", "s.id")
              .where("sb.businessId", "=", businessId),
          ),
        ]),
      );
  } else if (!q.archived) {
    query = query.where("s.archivedAt", "is", null);
  }
  return query.execute();
}

export async function findService(db: Db, id: string): Promise<ServiceRow | undefined> {
  return services(db).where("s.id", "=", id).executeTakeFirst();
}

/** Whether a business may ask for the service: not archived, shown to all or to it. */
export function serviceOffered(service: Pick<ServiceRow, "archivedAt" | "forAll" | "businessIds">, businessId: string): boolean {
  return service.archivedAt === null && (service.forAll || service.businessIds.includes(businessId));
}

async function setBusinesses(trx: Db, serviceId: string, businessIds: readonly string[]): Promise<void> {
  await trx.deleteFrom("serviceBusinesses").where("serviceId", "=", serviceId).execute();
  if (businessIds.length > 0) {
    await trx
      .insertInto("serviceBusinesses")
      .values([...new Set(businessIds)].map((businessId) => ({ serviceId, businessId })))
      .execute();
  }
}

/** A new service, last in the order. */
export async function createService(db: Db, id: string, fields: ServiceFields): Promise<void> {
  const { businessIds, intakeForm, ...terms } = fields;
  const row = { ...terms, intakeForm: JSON.stringify(intakeForm) };
  await db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom("services").select(sql<number>`coalesce(max(position), -1)`.as("last")).executeTakeFirstOrThrow();
    await trx
      .insertInto("services")
      .values({ id, ...row, position: Number(last.last) + 1 })
      .execute();
    await setBusinesses(trx, id, row.forAll ? [] : businessIds);
  });
}

/** Rewrites a service's terms and form; projects asked as it keep their own due dates and briefs. */
export async function updateService(db: Db, id: string, fields: ServiceFields): Promise<boolean> {
  const { businessIds, intakeForm, ...terms } = fields;
  const row = { ...terms, intakeForm: JSON.stringify(intakeForm) };
  return db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable("services").set(row).where("id", "=", id).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await setBusinesses(trx, id, row.forAll ? [] : businessIds);
    return true;
  });
}

export async function setServiceArchived(db: Db, id: string, archivedAt: Date | null): Promise<boolean> {
  const updated = await db.updateTable("services").set({ archivedAt }).where("id", "=", id).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Puts the services in the order of `ids` (every service, each once). */
export async function reorderServices(db: Db, ids: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [position, id] of ids.entries()) {
      await trx.updateTable("services").set({ position }).where("id", "=", id).execute();
    }
  });
}

/** Every service's id, in the studio's order. */
export async function serviceIds(db: Db): Promise<string[]> {
  return (await services(db).execute()).map((s) => s.id);
}

export interface StudioCalendar {
  timeZone: string;
  daysOff: { day: string; label: string }[];
}

export async function studioCalendar(db: Db): Promise<StudioCalendar> {
  const [row, daysOff] = await Promise.all([
    db.selectFrom("studioCalendar").select("timeZone").where("id", "=", 1).executeTakeFirst(),
    db.selectFrom("studioDaysOff").select(["day", "label"]).orderBy("day").execute(),
  ]);
  return { timeZone: row?.timeZone ?? "UTC", daysOff };
}

/** Replaces the studio's time zone and days off. */
export async function saveStudioCalendar(db: Db, calendar: StudioCalendar): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("studioCalendar")
      .values({ id: 1, timeZone: calendar.timeZone })
      .onConflict((oc) => oc.column("id").doUpdateSet({ timeZone: calendar.timeZone }))
      .execute();
    await trx.deleteFrom("studioDaysOff").execute();
    if (calendar.daysOff.length > 0) await trx.insertInto("studioDaysOff").values(calendar.daysOff).execute();
  });
}
