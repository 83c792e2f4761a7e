// What the services' and the studio calendar's fields accept (services.ts has the rules): apart, so a page that lists
// services does not load zod with them (docs/performance.md).
import { z } from "zod";
import { ESTIMATE_MAX_MINUTES } from "./capacity";
import { timeZoneInput } from "./inputs";
import { intakeFormInput } from "./intake-inputs";
import { CURRENCY_CODES } from "./money";
import { PROJECT_EVENT_VALUES } from "./projects";
import {
  DAY_OFF_LABEL_MAX_LENGTH,
  DAYS_OFF_MAX,
  SERVICE_DESCRIPTION_MAX_LENGTH,
  SERVICE_NAME_MAX_LENGTH,
  SERVICE_ROUNDS_MAX,
} from "./services";
import { TURNAROUND_MAX_DAYS } from "./working-days";

const AMOUNT_MAX = 100_000_000;
const amount = (what: string) =>
  z.number().int(`${what} is in whole minor units (cents).`).min(0, `${what} cannot be negative.`).max(AMOUNT_MAX, `${what} is too high.`);
const days = (what: string) =>
  z
    .number()
    .int(`${what} is a whole number of working days.`)
    .min(0, `${what} cannot be negative.`)
    .max(TURNAROUND_MAX_DAYS, `${what} is at most ${TURNAROUND_MAX_DAYS} working days.`);

/** A service as staff write it. */
export const serviceInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "A service needs a name.")
      .max(SERVICE_NAME_MAX_LENGTH, `Keep the name to ${SERVICE_NAME_MAX_LENGTH} characters.`),
    description: z
      .string()
      .trim()
      .max(SERVICE_DESCRIPTION_MAX_LENGTH, `Keep the description to ${SERVICE_DESCRIPTION_MAX_LENGTH.toLocaleString("en-US")} characters.`)
      .default(""),
    event: z.enum(PROJECT_EVENT_VALUES, "Choose the kind of work."),
    /** Null: quoted for each request. */
    price: amount("The price").nullable(),
    currency: z.enum(CURRENCY_CODES, "Choose a currency."),
    rounds: z.number().int().min(0).max(SERVICE_ROUNDS_MAX, `At most ${SERVICE_ROUNDS_MAX} change rounds.`).default(2),
    turnaroundDays: days("The turnaround"),
    rushDays: days("The rush turnaround").nullable().default(null),
    rushPrice: amount("The rush price").nullable().default(null),
    /** Shown to every business; otherwise to `businessIds` only. */
    forAll: z.boolean().default(true),
    businessIds: z.array(z.string().min(1).max(200)).max(500).default([]),
    /** The questions a request for it asks (intake.ts). */
    intakeForm: intakeFormInput.default([]),
    /** Minutes a request for it is expected to take, for the workload (capacity.ts); 0 for none. */
    estimateMinutes: z
      .number()
      .int("The estimate is in whole minutes.")
      .min(0, "The estimate cannot be negative.")
      .max(ESTIMATE_MAX_MINUTES, `At most ${ESTIMATE_MAX_MINUTES / 60} hours.`)
      .default(0),
  })
  .superRefine((s, ctx) => {
    if (s.rushDays !== null && s.rushDays >= s.turnaroundDays) {
      ctx.addIssue({ code: "custom", path: ["rushDays"], message: "A rush is sooner than the turnaround." });
    }
    if (s.rushPrice !== null && s.rushDays === null) {
      ctx.addIssue({ code: "custom", path: ["rushPrice"], message: "Give the rush turnaround with its price." });
    }
    if (!s.forAll && s.businessIds.length === 0) {
      ctx.addIssue({ code: "custom", path: ["businessIds"], message: "Choose the businesses it is shown to, or show it to all." });
    }
  });

/** The studio's calendar: its time zone and its days off. */
export const studioCalendarInput = z.object({
  timeZone: timeZoneInput,
  daysOff: z
    .array(
      z.object({
        day: z.iso.date("Give each day off as a calendar day (YYYY-MM-DD)."),
        label: z
          .string()
          .trim()
          .max(DAY_OFF_LABEL_MAX_LENGTH, `Keep a day off's name to ${DAY_OFF_LABEL_MAX_LENGTH} characters.`)
          .default(""),
      }),
    )
    .max(DAYS_OFF_MAX, `Keep at most ${DAYS_OFF_MAX} days off.`)
    .refine((list) => new Set(list.map((d) => d.day)).size === list.length, "Each day off once."),
});
