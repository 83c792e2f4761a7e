// The businesses' form schemas, apart from their components: a form loads its schema, and zod with it, when it is
// first checked (useLazyZodForm), so zod is not part of the page's first load (docs/performance.md).
import {
  BILLING_CONTACTS_MAX,
  brandColourHexInput,
  brandColourNameInput,
  businessNameInput,
  buyerDetailsInput,
  CURRENCY_CODES,
  emailInput,
} from "@atelier/domain";
import { z } from "zod";

export const createBusinessForm = z.object({ name: businessNameInput });

/** One address a line (commas and spaces also separate them). */
function parseEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/** A business's details: its name, currency, where its invoices go and its legal details as a buyer. */
export const detailsForm = z.object({
  name: businessNameInput,
  currency: z.enum(CURRENCY_CODES, "Choose a currency."),
  billingEmails: z.string().transform((text, ctx) => {
    const emails = parseEmails(text);
    const wrong = emails.find((e) => !emailInput.safeParse(e).success);
    if (wrong) ctx.addIssue({ code: "custom", message: `“${wrong}” is not an e-mail address.` });
    else if (emails.length > BILLING_CONTACTS_MAX)
      ctx.addIssue({ code: "custom", message: `Give at most ${BILLING_CONTACTS_MAX} addresses.` });
    return emails;
  }),
  legal: buyerDetailsInput,
});

/** A brand colour. */
export const colourForm = z.object({ name: brandColourNameInput, hex: brandColourHexInput });
