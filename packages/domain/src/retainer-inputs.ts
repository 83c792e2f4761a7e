// What a retainer's terms accept (retainers.ts has the rules): apart, so a page showing a retainer does not load zod.
import { z } from "zod";
import { INVOICE_LINE_MAX_UNIT_AMOUNT } from "./invoices";
import { CURRENCY_CODES } from "./money";
import { RETAINER_MAX_MINUTES, RETAINER_MAX_REQUESTS, RETAINER_ROLLOVER_VALUES, RETAINER_UNIT_VALUES } from "./retainers";

const amount = (what: string) =>
  z
    .number()
    .int(`${what} is in whole minor units (cents).`)
    .min(0, `${what} cannot be negative.`)
    .max(INVOICE_LINE_MAX_UNIT_AMOUNT, `${what} is too high.`);

export const retainerInput = z
  .object({
    unit: z.enum(RETAINER_UNIT_VALUES, "Choose requests or hours."),
    /** Requests, or minutes for hours. */
    allowance: z.number().int("The allowance is a whole number.").min(1, "The allowance is at least 1."),
    startsOn: z.iso.date("Give the start as a calendar day (YYYY-MM-DD)."),
    rollover: z.enum(RETAINER_ROLLOVER_VALUES, "Choose what happens to what is left."),
    rate: amount("The rate over the allowance"),
    monthlyFee: amount("The monthly fee").default(0),
    currency: z.enum(CURRENCY_CODES, "Choose a currency."),
  })
  .superRefine((r, ctx) => {
    const max = r.unit === "hours" ? RETAINER_MAX_MINUTES : RETAINER_MAX_REQUESTS;
    if (r.allowance > max) {
      ctx.addIssue({
        code: "custom",
        path: ["allowance"],
        message: r.unit === "hours" ? `At most ${max / 60} hours a month.` : `At most ${max} requests a month.`,
      });
    }
  });

/** A month of a retainer (YYYY-MM). */
export const retainerMonthInput = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Give the month as YYYY-MM.");
