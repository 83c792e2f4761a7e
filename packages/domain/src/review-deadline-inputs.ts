// A round's deadlines as staff set them and the API takes them (review-deadlines.ts has the rules): apart, so a page
// that shows a deadline does not load zod with it (docs/performance.md).
import { z } from "zod";
import { reviewStepInput } from "./approval-chain-inputs";
import { MAX_REVIEW_STEPS } from "./approval-chains";
import { dueDateInput } from "./inputs";

/** What staff set: the round's day (or none), a day per step (steps without one follow the round's), and the lock. */
export const roundDeadlinesInput = z.object({
  dueOn: dueDateInput.nullable(),
  steps: z
    .array(z.object({ step: reviewStepInput, dueOn: dueDateInput }))
    .max(MAX_REVIEW_STEPS)
    .refine((list) => new Set(list.map((s) => s.step)).size === list.length, "Give each step one deadline.")
    .default([]),
  lockAtDeadline: z.boolean().default(false),
});
