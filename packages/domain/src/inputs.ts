// The fields people type, as zod schemas with messages in plain words: the API validates its input with them and the
// forms show the same messages beside the field, so a rule and its wording live here once. The database keeps the
// same limits (migration 2026-11-25-1000-length-limits).
import { z } from "zod";
import { BUSINESS_NAME_MAX_LENGTH, normalizeHex } from "./businesses";
import { COMMENT_BODY_MAX_LENGTH } from "./comments";
import { DUE_DATE_MAX, DUE_DATE_MIN, isDueDateInRange } from "./due-dates";
import { INVOICE_LINE_DESCRIPTION_MAX_LENGTH, INVOICE_LINE_MAX_QUANTITY, INVOICE_LINE_MAX_UNIT_AMOUNT } from "./invoices";
import { bicInput, countryInput, ibanInput, paymentLinkInput, vatIdInput } from "./legal-inputs";
import { formatMoney, minorDigits, parseMoney, parseRate } from "./money";
import { POST_BODY_MAX_LENGTH, POST_TITLE_MAX_LENGTH } from "./posts";
import { ID_MAX_LENGTH, PROJECT_TITLE_MAX_LENGTH } from "./projects";
import { MAX_REVISION_ALLOWANCE } from "./proofs";
import { ROLES } from "./roles";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from "./studio-logo";
import { HOUR_CYCLES, knownTimeZone, UNKNOWN_TIME_ZONE_MESSAGE } from "./time-format";
import { USER_NAME_MAX_LENGTH } from "./user-rules";
import { vatLineRefusal } from "./vat";

/** The longest e-mail address there is (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 320;

/** A record's id as every procedure takes it. */
export const idInput = z.string().min(1).max(ID_MAX_LENGTH);

const tooLong = (what: string, max: number) => `${what} is too long: keep it to ${max.toLocaleString("en-US")} characters.`;

/** A text that must hold something, trimmed, within a limit. */
function requiredText(what: string, max: number, missing = `${what} is required.`) {
  return z.string().trim().min(1, missing).max(max, tooLong(what, max));
}

export const emailInput = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, tooLong("The e-mail address", EMAIL_MAX_LENGTH))
  .pipe(z.email("Write an e-mail address such as name@example.com."));

export const personNameInput = requiredText("The name", USER_NAME_MAX_LENGTH, "Your name is required.");

/** An optional name: left empty, it is absent. */
export const optionalPersonNameInput = z
  .string()
  .trim()
  .max(USER_NAME_MAX_LENGTH, tooLong("The name", USER_NAME_MAX_LENGTH))
  .transform((name) => name || undefined)
  .optional();

export const roleInput = z.enum(ROLES, "Choose a role.");

export const businessNameInput = requiredText("The name", BUSINESS_NAME_MAX_LENGTH, "A business needs a name.");

export const postTitleInput = requiredText("The title", POST_TITLE_MAX_LENGTH, "Give the post a title.");
export const postBodyInput = requiredText("The post", POST_BODY_MAX_LENGTH, "Write the post.");

export const projectTitleInput = requiredText("The title", PROJECT_TITLE_MAX_LENGTH, "Give the project a title.");

/** A due date as every procedure and form takes it: a real calendar day (YYYY-MM-DD) within the domain's bounds. */
export const dueDateInput = z.iso
  .date("Give the due date as a calendar day (YYYY-MM-DD).")
  .refine(isDueDateInRange, `Choose a due date between ${DUE_DATE_MIN.slice(0, 4)} and ${DUE_DATE_MAX.slice(0, 4)}.`);

/** A text that may be left empty, trimmed, within a limit. */
function optionalText(what: string, max: number) {
  return z.string().trim().max(max, tooLong(what, max));
}

/**
 * The studio's billing details as typed on Billing (the logo and the reminder schedule come separately). The legal
 * details added for EN 16931 (postcode to payment link) may be left out by older callers: they are then empty.
 */
export const billingDetailsInput = z.object({
  legalName: optionalText("The legal name", 200),
  /** The street address's lines; the postcode, city and country apart (EN 16931 BT-35 to BT-40). */
  address: optionalText("The address", 1000),
  postcode: optionalText("The postcode", 20).default(""),
  city: optionalText("The city", 100).default(""),
  country: countryInput.default(""),
  vatId: vatIdInput.default(""),
  /** A national tax or company registration number, where there is no VAT ID or beside it (BT-32). */
  taxNumber: optionalText("The tax ID", 100),
  /** Where clients and their accounting software reach the studio about invoices (EN 16931 BT-34, BT-43). */
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, tooLong("The e-mail address", EMAIL_MAX_LENGTH))
    .pipe(z.union([z.literal(""), z.email("Write an e-mail address such as name@example.com.")]))
    .default(""),
  /** The studio's telephone, as typed ("+49 40 1234567"): an XRechnung names it (BR-DE-6). */
  telephone: z
    .string()
    .trim()
    .max(50, tooLong("The telephone number", 50))
    .regex(/^[+\d\s()./-]*$/, "Write a telephone number with digits, spaces and + ( ) - . / only.")
    .default(""),
  iban: ibanInput.default(""),
  bic: bicInput.default(""),
  paymentLink: paymentLinkInput.default(""),
  paymentTerms: optionalText("The payment terms", 1000),
  /** Anything else a client needs to pay (a bank's name, a reference to quote). */
  bankDetails: optionalText("The bank details", 1000),
});

/** A business's legal details as the buyer of its invoices, as an admin types them on its page. */
export const buyerDetailsInput = z.object({
  legalName: optionalText("The legal name", 200),
  address: optionalText("The address", 1000),
  postcode: optionalText("The postcode", 20),
  city: optionalText("The city", 100),
  country: countryInput,
  vatId: vatIdInput,
  /** The reference its accounts payable asks invoices to carry (a purchase order, a Leitweg-ID). */
  buyerReference: optionalText("The buyer reference", 200),
});

// The logo travels as a data: URL; the longest one a logo within LOGO_MAX_BYTES makes is its prefix and the base64.
const LOGO_DATA_URL_MAX_LENGTH = "data:image/jpeg;base64,".length + Math.ceil(LOGO_MAX_BYTES / 3) * 4;

/** The logo as the API takes it: a data: URL of one of LOGO_TYPES, within LOGO_MAX_BYTES. */
export const logoInput = z
  .string()
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, LOGO_TYPE_MESSAGE)
  .max(LOGO_DATA_URL_MAX_LENGTH, LOGO_SIZE_MESSAGE);

/** After how many days past its due date an unpaid invoice is reminded once. */
export const reminderDaysInput = z
  .number("Give a number of days.")
  .int("Give a whole number of days.")
  .min(0, "Give a number of days from 0.")
  .max(365, "Remind within a year: at most 365 days.");

/** A comment on a project's thread, a request for changes, a pin's note. */
export const commentBodyInput = requiredText("The comment", COMMENT_BODY_MAX_LENGTH, "Write something first.");

/** The note sent with a proof round: optional, and it becomes part of a comment, so within a comment's limit. */
export const proofNoteInput = optionalText("The note", COMMENT_BODY_MAX_LENGTH);

export const BRAND_COLOUR_NAME_MAX_LENGTH = 60;
export const brandColourNameInput = requiredText("The name", BRAND_COLOUR_NAME_MAX_LENGTH, "Name the colour.");

/** A brand colour's hex value, typed with or without "#", in three or six digits; given as "#rrggbb". */
export const brandColourHexInput = z
  .string()
  .max(9, "A colour is a hex value such as #1d4ed8.")
  .transform((text, ctx) => {
    const hex = normalizeHex(text);
    if (hex) return hex;
    ctx.addIssue({ code: "custom", message: "A colour is a hex value such as #1d4ed8." });
    return z.NEVER;
  });

export const INVOICE_NOTES_MAX_LENGTH = 2000;
export const INVOICE_MAX_LINES = 200;

export const invoiceLineDescriptionInput = requiredText(
  "The description",
  INVOICE_LINE_DESCRIPTION_MAX_LENGTH,
  "Each line needs a description.",
);
export const invoiceNotesInput = optionalText("The note", INVOICE_NOTES_MAX_LENGTH);
export const invoiceDueDateInput = z.iso.date("Give the due date as a calendar day (YYYY-MM-DD).");

/** A percentage typed on a line ("20", "7.5 %"); empty is none. In basis points. */
const ratePercentText = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === "") return 0;
    const bp = parseRate(text);
    if (bp !== null) return bp;
    ctx.addIssue({ code: "custom", message: "Give a percentage from 0 to 100, such as 20 or 7.5." });
    return z.NEVER;
  });

/**
 * One invoice line as typed on the form (every value text), read into what the API takes: a whole quantity, the unit
 * price in the currency's integer minor units, discount and tax in basis points.
 */
export function invoiceLineForm(currency: string) {
  const example = minorDigits(currency) === 0 ? "8000" : "80.00";
  return z
    .object({
      description: invoiceLineDescriptionInput,
      quantity: z
        .string()
        .trim()
        .transform((text, ctx) => {
          const quantity = Number(text);
          if (text !== "" && Number.isInteger(quantity) && quantity >= 1 && quantity <= INVOICE_LINE_MAX_QUANTITY) return quantity;
          ctx.addIssue({
            code: "custom",
            message: `Give a whole number from 1 to ${INVOICE_LINE_MAX_QUANTITY.toLocaleString("en-US")}.`,
          });
          return z.NEVER;
        }),
      price: z
        .string()
        .trim()
        .transform((text, ctx) => {
          const amount = parseMoney(text, currency);
          if (amount === null) {
            ctx.addIssue({ code: "custom", message: `Give a price such as ${example}.` });
            return z.NEVER;
          }
          if (amount > INVOICE_LINE_MAX_UNIT_AMOUNT) {
            ctx.addIssue({
              code: "custom",
              message: `Keep a unit price to ${formatMoney(INVOICE_LINE_MAX_UNIT_AMOUNT, currency)} at most.`,
            });
            return z.NEVER;
          }
          return amount;
        }),
      discount: ratePercentText,
      /** "" for a taxed line (standard rate, or zero rated at 0 %); else the category of a line that charges no VAT. */
      vat: z.enum(["", "exempt", "reverse_charge", "intra_community"]),
      tax: ratePercentText,
      projectId: z.string().nullable(),
    })
    .superRefine((line, ctx) => {
      if (line.vat !== "" && line.tax !== 0)
        ctx.addIssue({ code: "custom", path: ["tax"], message: vatLineRefusal(line.vat, line.tax) ?? "" });
    });
}

/** An invoice's lines as typed: at least one, at most INVOICE_MAX_LINES. */
export function invoiceLinesForm(currency: string) {
  return z
    .array(invoiceLineForm(currency))
    .min(1, "An invoice needs at least one line.")
    .max(INVOICE_MAX_LINES, `An invoice holds at most ${INVOICE_MAX_LINES} lines.`);
}

export const PAYMENT_NOTE_MAX_LENGTH = 500;
export const paymentNoteInput = optionalText("The note", PAYMENT_NOTE_MAX_LENGTH);
export const paymentDateInput = z.iso.date("Give the day it was paid (YYYY-MM-DD).");

/** A payment's amount as typed ("1,250.50"), in the currency's integer minor units; more than nothing. */
export function paymentAmountForm(currency: string) {
  const example = minorDigits(currency) === 0 ? "8000" : "80.00";
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      const amount = parseMoney(text, currency);
      if (amount === null) ctx.addIssue({ code: "custom", message: `Give an amount such as ${example}.` });
      else if (amount === 0) ctx.addIssue({ code: "custom", message: "Give an amount above zero." });
      return amount ?? z.NEVER;
    });
}

const ALLOWANCE_MESSAGE = `Give a whole number of change rounds from 0 to ${MAX_REVISION_ALLOWANCE}.`;

/** The change rounds a business's projects include, as the API takes them. */
export const revisionAllowanceInput = z
  .number({ error: ALLOWANCE_MESSAGE })
  .int({ error: ALLOWANCE_MESSAGE })
  .min(0, { error: ALLOWANCE_MESSAGE })
  .max(MAX_REVISION_ALLOWANCE, { error: ALLOWANCE_MESSAGE });

/** The same, as typed on the form: text read into the number the API takes. */
export const revisionAllowanceForm = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const parsed = revisionAllowanceInput.safeParse(text === "" ? Number.NaN : Number(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: ALLOWANCE_MESSAGE });
    return z.NEVER;
  });

/** The longest idempotency key a creating call takes. */
export const REQUEST_ID_MAX_LENGTH = 64;

/**
 * The idempotency key of a creating call (`requestId`): the page makes one per intent (a form submitted, a comment
 * posted), so a repeat of the same call by the same person answers the first result instead of creating again.
 */
export const requestIdInput = z
  .string()
  .min(1)
  .max(REQUEST_ID_MAX_LENGTH, `A request id is at most ${REQUEST_ID_MAX_LENGTH} characters.`)
  .optional();

/**
 * A time zone from a form or an API call: an IANA name the server knows (store it as knownTimeZone spells it). Here,
 * not beside the formatting in time-format.ts, so a page that shows a time brings no form rules (zod) along.
 */
export const timeZoneInput = z
  .string()
  .trim()
  .refine((name) => knownTimeZone(name) !== null, { error: UNKNOWN_TIME_ZONE_MESSAGE });

export const hourCycleInput = z.enum(HOUR_CYCLES, { error: "Choose a 12-hour or a 24-hour clock." });
