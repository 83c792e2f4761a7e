// services.*: the studio's service catalogue (docs/services.md). Staff write services, show them to every business or
// to some, order and archive them, and keep the studio's calendar (time zone, days off); a client lists the services
// offered to its business and is quoted a due date for one. projects.create takes a service.
import { randomUUID } from "node:crypto";
import {
  activeStaff,
  findBusiness,
  findService,
  hourlyRatesOf,
  listServices,
  reorderServices,
  updateService as rewriteService,
  saveStudioCalendar,
  serviceIds,
  serviceOffered,
  serviceRates,
  setServiceArchived,
  setServiceRate,
  studioCalendar,
  createService as writeService,
} from "@atelier/db";
import {
  DomainError,
  hourlyRateInput,
  idInput,
  isStaff,
  proposedDueOn,
  type SessionUser,
  serviceInput,
  studioCalendarInput,
} from "@atelier/domain";
import { z } from "zod";
import type { Context } from "../trpc";
import { adminProcedure, protectedProcedure, router, staffProcedure } from "../trpc";

const id = idInput;

/** The business whose offer the caller sees: a client's own; for the studio, the one it names (or none: all). */
function offerFor(user: SessionUser, businessId: string | undefined): string | null {
  if (isStaff(user.role)) return businessId ?? null;
  return user.businessId ?? "";
}

async function checkBusinesses(ctx: Pick<Context, "db">, businessIds: readonly string[]) {
  for (const businessId of new Set(businessIds)) {
    if (!(await findBusiness(ctx.db, businessId))) throw new DomainError("BAD_INPUT", "One of those businesses does not exist.");
  }
}

/** A service the caller's business may ask for (or, for the studio, the named business), with the studio's calendar. */
export async function offeredService(ctx: Pick<Context, "db">, user: SessionUser, serviceId: string, businessId: string) {
  const service = await findService(ctx.db, serviceId);
  if (!service || (!isStaff(user.role) && !serviceOffered(service, businessId))) throw new DomainError("NOT_FOUND", "No such service.");
  if (!serviceOffered(service, businessId)) throw new DomainError("BAD_INPUT", "That service is not offered to this business.");
  return { service, calendar: await studioCalendar(ctx.db) };
}

export const servicesRouter = router({
  /**
   * The services in the studio's order: a client's, those offered to its business; the studio's, all of them (archived
   * ones too when asked), or those offered to `businessId`.
   */
  list: protectedProcedure
    .input(z.object({ businessId: id.optional(), archived: z.boolean().default(false) }).default({ archived: false }))
    .query(async ({ ctx, input }) => {
      const businessId = offerFor(ctx.user, input.businessId);
      if (businessId === "") return [];
      const list = await listServices(ctx.db, { businessId, archived: isStaff(ctx.user.role) && input.archived });
      // Which other businesses a service is shown to is the studio's to know.
      return isStaff(ctx.user.role) ? list : list.map((s) => ({ ...s, businessIds: [] }));
    }),

  /** The due date a request for the service would be proposed, as a rush when asked, and its price. */
  quote: protectedProcedure
    .input(z.object({ serviceId: id, businessId: id.optional(), rush: z.boolean().default(false) }))
    .query(async ({ ctx, input }) => {
      const businessId = offerFor(ctx.user, input.businessId);
      if (!businessId) throw new DomainError(isStaff(ctx.user.role) ? "BAD_INPUT" : "NOT_FOUND", "Choose the business the request is for.");
      const { service, calendar } = await offeredService(ctx, ctx.user, input.serviceId, businessId);
      const rush = input.rush && service.rushDays !== null;
      return {
        dueOn: proposedDueOn(service, { now: ctx.now(), timeZone: calendar.timeZone, daysOff: calendar.daysOff.map((d) => d.day), rush }),
        rush,
        price: rush && service.rushPrice !== null ? service.rushPrice : service.price,
        currency: service.currency,
      };
    }),

  create: staffProcedure.input(serviceInput).mutation(async ({ ctx, input }) => {
    await checkBusinesses(ctx, input.businessIds);
    const serviceId = randomUUID();
    await writeService(ctx.db, serviceId, input);
    return { id: serviceId };
  }),

  /** Rewrites a service; projects already asked as it keep their due dates. */
  update: staffProcedure.input(z.object({ id, service: serviceInput })).mutation(async ({ ctx, input }) => {
    await checkBusinesses(ctx, input.service.businessIds);
    if (!(await rewriteService(ctx.db, input.id, input.service))) throw new DomainError("NOT_FOUND", "No such service.");
    return { id: input.id };
  }),

  /** Archives a service (no longer offered; projects that name it keep it) or brings it back. */
  setArchived: staffProcedure.input(z.object({ id, archived: z.boolean() })).mutation(async ({ ctx, input }) => {
    if (!(await setServiceArchived(ctx.db, input.id, input.archived ? ctx.now() : null)))
      throw new DomainError("NOT_FOUND", "No such service.");
    return { id: input.id, archived: input.archived };
  }),

  /** Puts every service in the given order. */
  reorder: staffProcedure.input(z.object({ ids: z.array(id).max(1000) })).mutation(async ({ ctx, input }) => {
    const known = await serviceIds(ctx.db);
    if (input.ids.length !== known.length || new Set(input.ids).size !== known.length || !input.ids.every((s) => known.includes(s))) {
      throw new DomainError("CONFLICT", "The services changed meanwhile: reload and order them again.");
    }
    await reorderServices(ctx.db, input.ids);
    return { ids: input.ids };
  }),

  /** For an admin: each person of the studio's own hourly rate and their rate for this service, if one is set. */
  rates: adminProcedure.input(z.object({ serviceId: id })).query(async ({ ctx, input }) => {
    if (!(await findService(ctx.db, input.serviceId))) throw new DomainError("NOT_FOUND", "No such service.");
    const people = await activeStaff(ctx.db);
    const [own, forService] = await Promise.all([
      hourlyRatesOf(
        ctx.db,
        people.map((p) => p.id),
      ),
      serviceRates(ctx.db, input.serviceId),
    ]);
    return people.map((p) => ({
      userId: p.id,
      name: p.name ?? p.email ?? "Someone",
      hourlyRate: own.get(p.id) ?? 0,
      serviceRate: forService.get(p.id) ?? null,
    }));
  }),

  /** Sets a person's hourly rate for a service (time on its projects from now on carries it), or removes it (null). */
  setRate: adminProcedure
    .input(z.object({ serviceId: id, userId: id, rate: hourlyRateInput.nullable() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await findService(ctx.db, input.serviceId))) throw new DomainError("NOT_FOUND", "No such service.");
      const staff = await activeStaff(ctx.db);
      if (!staff.some((p) => p.id === input.userId)) throw new DomainError("NOT_FOUND", "No such person in the studio.");
      await setServiceRate(ctx.db, input);
      return { serviceId: input.serviceId, userId: input.userId, rate: input.rate };
    }),

  /** The studio's calendar: the zone its working days are counted in, and its days off. */
  calendar: staffProcedure.query(({ ctx }) => studioCalendar(ctx.db)),

  saveCalendar: staffProcedure.input(studioCalendarInput).mutation(async ({ ctx, input }) => {
    await saveStudioCalendar(ctx.db, input);
    return studioCalendar(ctx.db);
  }),
});
