// The legal details' fields as typed into forms (legal-identity.ts has the rules): apart, so a page that only shows or
// checks legal details does not load zod with them (docs/performance.md).
import { z } from "zod";
import { COUNTRY_CODES, compact, isIban } from "./legal-identity";

/** A country as chosen from a list; "" while none is. */
export const countryInput = z.union([
  z.literal(""),
  z.string().refine((c) => COUNTRY_CODES.includes(c), "Choose a country from the list."),
]);

/** An IBAN as typed (spaces allowed), kept compact; "" for none. */
export const ibanInput = z
  .string()
  .max(50)
  .transform(compact)
  .refine((v) => v === "" || isIban(v), "This is not an IBAN: check its letters and digits (its check digits do not match).");

/** A BIC (SWIFT code): 8 or 11 letters and digits; "" for none. */
export const bicInput = z
  .string()
  .max(20)
  .transform(compact)
  .refine(
    (v) => v === "" || /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v),
    "A BIC has 8 or 11 letters and digits, such as GEBABEBB.",
  );

/** A VAT identifier: its country's two letters (EL for Greece), then 2 to 13 letters and digits; "" for none. */
export const vatIdInput = z
  .string()
  .max(30)
  .transform(compact)
  .refine((v) => v === "" || /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(v), "A VAT ID starts with its country's two letters, such as BE0123456749.");

/** Where clients pay online: an https address; "" for none. */
export const paymentLinkInput = z.union([
  z.literal(""),
  z.url({ protocol: /^https$/, message: "The payment link must be an https:// address." }).max(2000),
]);
