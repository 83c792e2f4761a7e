// The invoices' form schemas, apart from their components: a form loads its schema, and zod with it, when it is
// first checked (useLazyZodForm), so zod is not part of the page's first load (docs/performance.md).
import {
  billingDetailsInput,
  invoiceDueDateInput,
  invoiceLineForm,
  invoiceLinesForm,
  invoiceNotesInput,
  paymentAmountForm,
  paymentDateInput,
  paymentNoteInput,
  reminderDaysInput,
} from "@atelier/domain";
import { z } from "zod";

/** The invoice form's fields; the lines are read in the invoice's currency, so the schema is made for it. */
export function invoiceForm(currency: string) {
  return z.object({
    businessId: z.string().min(1, "Choose a business."),
    projectId: z.string(),
    dueAt: z.union([z.literal(""), invoiceDueDateInput]),
    notes: invoiceNotesInput,
    lines: invoiceLinesForm(currency),
  });
}

/** The lines as typed, read by the rule the form submits with (for the total while typing); null while one does not read. */
export function readInvoiceLines(lines: unknown, currency: string) {
  const parsed = z.array(invoiceLineForm(currency)).safeParse(lines);
  return parsed.success ? parsed.data : null;
}

/** A payment recorded against a sent invoice, its amount read in the invoice's currency. */
export function paymentForm(currency: string) {
  return z.object({ amount: paymentAmountForm(currency), paidOn: paymentDateInput, note: paymentNoteInput });
}

/** The studio's billing details on Billing. */
export const billingForm = billingDetailsInput.extend({
  // Typed as text: empty is "never", anything else a whole number of days.
  reminderDays: z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "") return null;
      const days = reminderDaysInput.safeParse(Number(text));
      if (days.success) return days.data;
      ctx.addIssue({ code: "custom", message: days.error.issues[0]?.message ?? "Give a number of days." });
      return z.NEVER;
    }),
});
