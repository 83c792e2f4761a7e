// retainers.*: a business's monthly allowance of requests or hours (docs/retainers.md). Staff set and end it and see
// who is over this month; a client sees its own, what is left this month and each month before; an admin bills a
// month (invoices.fromRetainer).
import {
  billedRetainerMonths,
  findBusiness,
  findRetainer,
  listRetainers,
  type RetainerRow,
  retainerUsage,
  setRetainer,
  studioCalendar,
} from "@atelier/db";
import { DomainError, dayIn, idInput, isStaff, type RetainerMonth, retainerInput, retainerMonths } from "@atelier/domain";
import { z } from "zod";
import { businessProcedure } from "../business-procedure";
import type { Context } from "../trpc";
import { router, staffProcedure } from "../trpc";

/** How many months back a retainer's history shows. */
const HISTORY_MONTHS = 12;

/** A retainer's months through the current one in the studio's zone (`timeZone`), newest first. */
async function retainerState(ctx: Pick<Context, "db" | "now">, retainer: RetainerRow, timeZone: string) {
  const thisMonth = dayIn(ctx.now(), timeZone).slice(0, 7);
  const usage = await retainerUsage(ctx.db, { businessId: retainer.businessId, unit: retainer.unit, fromDay: retainer.startsOn, timeZone });
  const months = retainerMonths(retainer, usage, thisMonth);
  const current: RetainerMonth | null = months.at(-1)?.month === thisMonth ? months.at(-1)! : null;
  return { thisMonth, current, months: months.slice(-HISTORY_MONTHS).reverse() };
}

export const retainersRouter = router({
  /** A business's retainer (null without one) and its months, newest first; which invoice billed each, for staff. */
  get: businessProcedure(z.object({ businessId: idInput })).query(async ({ ctx }) => {
    const retainer = await findRetainer(ctx.db, ctx.business.id);
    if (!retainer) return null;
    const { timeZone } = await studioCalendar(ctx.db);
    const [state, billed] = await Promise.all([retainerState(ctx, retainer, timeZone), billedRetainerMonths(ctx.db, retainer.businessId)]);
    const { businessId: _b, updatedAt: _u, ...terms } = retainer;
    return {
      terms,
      current: state.current,
      thisMonth: state.thisMonth,
      months: state.months.map((m) => ({ ...m, invoiceId: isStaff(ctx.user.role) ? (billed.get(m.month) ?? null) : null })),
    };
  }),

  /** Sets a business's retainer, or ends it (null). */
  set: staffProcedure.input(z.object({ businessId: idInput, terms: retainerInput.nullable() })).mutation(async ({ ctx, input }) => {
    const business = await findBusiness(ctx.db, input.businessId);
    if (!business) throw new DomainError("NOT_FOUND", "No such business.");
    // Billed on the business's invoices, so in its currency.
    if (input.terms && input.terms.currency !== business.currency) {
      throw new DomainError("BAD_INPUT", `${business.name} is billed in ${business.currency}: give the retainer's rate and fee in it.`);
    }
    await setRetainer(ctx.db, business.id, input.terms, ctx.now());
    return { businessId: business.id };
  }),

  /** Every business on a retainer with this month's standing: who is over, and by how much. */
  overview: staffProcedure.query(async ({ ctx }) => {
    const [retainers, { timeZone }] = await Promise.all([listRetainers(ctx.db), studioCalendar(ctx.db)]);
    return Promise.all(
      retainers.map(async (r) => {
        const state = await retainerState(ctx, r, timeZone);
        return { businessId: r.businessId, businessName: r.businessName, unit: r.unit, allowance: r.allowance, current: state.current };
      }),
    );
  }),
});
