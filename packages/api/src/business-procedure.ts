// A procedure on one business: the business its input names (`businessId`, or `id` where the input is the
// business's own) is put on the context when the caller may see it; otherwise NOT_FOUND, as for a missing one.
import { findBusiness } from "@atelier/db";
import { canSeeBusiness, DomainError } from "@atelier/domain";
import type { z } from "zod";
import { protectedProcedure } from "./trpc";

export function businessProcedure<TInput extends z.ZodType<{ businessId: string } | { id: string }>>(input: TInput) {
  return protectedProcedure.input(input).use(async ({ ctx, input, next }) => {
    const ref = input as { businessId: string } | { id: string };
    const id = "businessId" in ref ? ref.businessId : ref.id;
    const business = canSeeBusiness(ctx.user, id) ? await findBusiness(ctx.db, id) : undefined;
    if (!business) throw new DomainError("NOT_FOUND", "No such business.");
    return next({ ctx: { business } });
  });
}
