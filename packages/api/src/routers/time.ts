// time.*: the studio's time on projects (docs/time.md). Staff start and stop a timer (one each), add time by hand,
// and change or delete their own entries until they are billed; admins anyone's, and each person's hourly rate. An
// admin makes a business's unbilled billable time into a draft invoice with invoices.fromTime. Clients have none of it.
import { randomUUID } from "node:crypto";
import {
  activeStaff,
  addTimeEntry,
  deleteTimeEntry,
  findBusiness,
  findProject,
  findTimeEntry,
  findUserById,
  hourlyRateOf,
  hourlyRatesOf,
  runningTimer,
  setHourlyRate,
  startTimer,
  stopTimer,
  type TimeEntry,
  timeEntriesBetween,
  unbilledTime,
  updateTimeEntry,
} from "@atelier/db";
import {
  DomainError,
  dayStartsAt,
  hourlyRateInput,
  idInput,
  isAdmin,
  isStaff,
  manualEntryStart,
  requestIdInput,
  type SessionUser,
  timeDayInput,
  timeInvoiceLines,
  timeMinutesInput,
  timeNoteInput,
  unratedPeople,
  weekDays,
  weekStart,
} from "@atelier/domain";
import { z } from "zod";
import { once } from "../request-once";
import { adminProcedure, router, staffProcedure } from "../trpc";

const id = idInput;
const zoneOf = (user: SessionUser) => user.timeZone ?? "UTC";

/** A project time may be logged on: one that exists. */
async function loggableProject(db: Parameters<typeof findProject>[0], projectId: string) {
  const project = await findProject(db, projectId);
  if (!project) throw new DomainError("NOT_FOUND", "No such project.");
  return project;
}

/** An entry the caller may change: their own, or anyone's for an admin. */
async function ownEntry(db: Parameters<typeof findTimeEntry>[0], user: SessionUser, entryId: string): Promise<TimeEntry> {
  const entry = await findTimeEntry(db, entryId);
  if (!entry || (entry.userId !== user.id && !isAdmin(user.role))) throw new DomainError("NOT_FOUND", "No such time entry.");
  if (entry.invoiceId) {
    throw new DomainError(
      "PRECONDITION_FAILED",
      `This time is billed on invoice ${entry.invoiceNumber ?? ""}; delete that draft to change it.`,
    );
  }
  return entry;
}

export const timeRouter = router({
  /** The caller's running timer (with its project), or null. */
  running: staffProcedure.query(async ({ ctx }) => (await runningTimer(ctx.db, ctx.user.id)) ?? null),

  /** Starts the caller's timer on a project, stopping the one running (one timer a person). */
  start: staffProcedure.input(z.object({ projectId: id })).mutation(async ({ ctx, input }) => {
    await loggableProject(ctx.db, input.projectId);
    const entryId = randomUUID();
    const rate = await hourlyRateOf(ctx.db, ctx.user.id, input.projectId);
    try {
      await startTimer(ctx.db, { id: entryId, userId: ctx.user.id, projectId: input.projectId, rate, now: ctx.now() });
    } catch (error) {
      // Another tab started one in the same instant: the index keeps one running, this start is refused.
      if ((error as { code?: string }).code === "23505")
        throw new DomainError("CONFLICT", "A timer was started meanwhile. Reload to see it.");
      throw error;
    }
    return { id: entryId };
  }),

  /** Stops the caller's running timer: the entry and its whole minutes, or null when none ran. */
  stop: staffProcedure.mutation(async ({ ctx }) => (await stopTimer(ctx.db, ctx.user.id, ctx.now())) ?? null),

  /** Time added by hand, for a day (placed at its noon in the caller's zone). */
  add: staffProcedure
    .input(
      z.object({
        projectId: id,
        day: timeDayInput,
        minutes: timeMinutesInput,
        note: timeNoteInput.default(""),
        billable: z.boolean().default(true),
        requestId: requestIdInput,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await loggableProject(ctx.db, input.projectId);
      const entryId = randomUUID();
      const rate = await hourlyRateOf(ctx.db, ctx.user.id, input.projectId);
      return once(ctx, "time.add", input.requestId, async (claim) => {
        await ctx.db.transaction().execute(async (trx) => {
          await claim(trx, { id: entryId });
          await addTimeEntry(trx, {
            id: entryId,
            userId: ctx.user.id,
            projectId: input.projectId,
            startedAt: manualEntryStart(input.day, zoneOf(ctx.user)),
            minutes: input.minutes,
            note: input.note,
            billable: input.billable,
            rate,
          });
        });
        return { id: entryId };
      });
    }),

  /** Changes an unbilled entry: its project, minutes (once stopped), note or billable flag; its rate, by an admin. */
  update: staffProcedure
    .input(
      z.object({
        id,
        projectId: id.optional(),
        minutes: timeMinutesInput.optional(),
        note: timeNoteInput.optional(),
        billable: z.boolean().optional(),
        rate: hourlyRateInput.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const entry = await ownEntry(ctx.db, ctx.user, input.id);
      if (input.rate !== undefined && !isAdmin(ctx.user.role)) throw new DomainError("FORBIDDEN", "Only an admin changes a rate.");
      if (input.projectId) await loggableProject(ctx.db, input.projectId);
      if (input.minutes !== undefined && entry.endedAt === null) {
        throw new DomainError("PRECONDITION_FAILED", "Stop the timer before changing its time.");
      }
      const { id: _, ...changes } = input;
      if (!(await updateTimeEntry(ctx.db, entry.id, changes))) {
        throw new DomainError("CONFLICT", "This time was billed or removed meanwhile. Reload it.");
      }
      return { id: entry.id };
    }),

  /** Deletes an unbilled entry (a running timer too). */
  delete: staffProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const entry = await ownEntry(ctx.db, ctx.user, input.id);
    if (!(await deleteTimeEntry(ctx.db, entry.id))) throw new DomainError("CONFLICT", "This time was billed meanwhile.");
    return { id: entry.id };
  }),

  /**
   * A week of a person's time (the caller's; anyone's for an admin), Monday to Sunday in the caller's zone: each day
   * with its entries and minutes, and the week's total.
   */
  week: staffProcedure.input(z.object({ day: timeDayInput, userId: id.optional() })).query(async ({ ctx, input }) => {
    const userId = input.userId ?? ctx.user.id;
    if (userId !== ctx.user.id && !isAdmin(ctx.user.role)) throw new DomainError("FORBIDDEN", "Only an admin sees another person's time.");
    const person = await findUserById(ctx.db, userId);
    if (!person || !isStaff(person.role)) throw new DomainError("NOT_FOUND", "No such person in the studio.");
    const zone = zoneOf(ctx.user);
    const monday = weekStart(input.day);
    const days = weekDays(monday);
    const from = dayStartsAt(days[0]!, zone);
    // Up to the next Monday's midnight (the day after Sunday).
    const to = dayStartsAt(weekDays(days[6]!)[1]!, zone);
    const entries = await timeEntriesBetween(ctx.db, userId, from, to);
    const dayOf = (at: Date) => days.findLast((d) => dayStartsAt(d, zone) <= at) ?? days[0]!;
    const byDay = days.map((day) => {
      const own = entries.filter((e) => dayOf(e.startedAt) === day);
      return { day, entries: own, minutes: own.reduce((sum, e) => sum + (e.minutes ?? 0), 0) };
    });
    return {
      person: { id: person.id, name: person.name ?? person.email ?? "Someone", hourlyRate: person.hourlyRate },
      timeZone: zone,
      monday,
      days: byDay,
      minutes: byDay.reduce((sum, d) => sum + d.minutes, 0),
    };
  }),

  /** The studio's people with their hourly rates, for an admin. */
  people: adminProcedure.query(async ({ ctx }) => {
    const people = await activeStaff(ctx.db);
    const rates = await hourlyRatesOf(
      ctx.db,
      people.map((p) => p.id),
    );
    return people.map((p) => ({ id: p.id, name: p.name ?? p.email ?? "Someone", role: p.role, hourlyRate: rates.get(p.id) ?? 0 }));
  }),

  /** Sets a person's hourly rate (minor units of the invoice's currency); their entries from now on carry it. */
  setRate: adminProcedure.input(z.object({ userId: id, rate: hourlyRateInput })).mutation(async ({ ctx, input }) => {
    const person = await findUserById(ctx.db, input.userId);
    if (!person || !isStaff(person.role)) throw new DomainError("NOT_FOUND", "No such person in the studio.");
    await setHourlyRate(ctx.db, person.id, input.rate);
    return { userId: person.id, rate: input.rate };
  }),

  /**
   * A business's stopped, billable time not invoiced yet, for an admin: the entries and what they come to, grouped by
   * project and person as a draft would bill them.
   */
  unbilled: adminProcedure.input(z.object({ businessId: id })).query(async ({ ctx, input }) => {
    const entries = await unbilledTime(ctx.db, input.businessId);
    const business = await findBusiness(ctx.db, input.businessId);
    if (!business) throw new DomainError("NOT_FOUND", "No such business.");
    const lines = timeInvoiceLines(entries, "project-person", business.currency, zoneOf(ctx.user));
    return {
      currency: business.currency,
      entries,
      minutes: entries.reduce((sum, e) => sum + e.minutes, 0),
      amount: lines.reduce((sum, l) => sum + l.unitAmount, 0),
      unrated: unratedPeople(entries),
    };
  }),
});
