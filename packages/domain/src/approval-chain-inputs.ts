// An approval chain's inputs as the API takes them (approval-chains.ts has the rules): apart, so a page that shows a
// round's reviewers does not load zod with them (docs/performance.md).
import { z } from "zod";
import { MAX_REVIEW_STEPS, MAX_REVIEWERS, REVIEWER_ROLE_VALUES } from "./approval-chains";
import { COMMENT_BODY_MAX_LENGTH } from "./comments";
import { guestEmailInput } from "./guest-review-inputs";
import { EMAIL_MAX_LENGTH } from "./inputs";

const DECISION_REASON_MAX_LENGTH = COMMENT_BODY_MAX_LENGTH;

/** A step of a round's chain: 1 to MAX_REVIEW_STEPS. */
export const reviewStepInput = z
  .number("The step is a number.")
  .int("The step is a whole number.")
  .min(1, `A step is 1 to ${MAX_REVIEW_STEPS}.`)
  .max(MAX_REVIEW_STEPS, `A step is 1 to ${MAX_REVIEW_STEPS}.`);

const reviewerInput = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).pipe(guestEmailInput),
  role: z.enum(REVIEWER_ROLE_VALUES, "Choose approver or reviewer."),
  step: reviewStepInput.default(1),
});

export const reviewersInput = z
  .array(reviewerInput)
  .max(MAX_REVIEWERS, `Name at most ${MAX_REVIEWERS} reviewers.`)
  .refine((list) => new Set(list.map((r) => r.email)).size === list.length, "Each address may be named once.");

export const decisionReasonInput = z
  .string()
  .trim()
  .max(DECISION_REASON_MAX_LENGTH, `Keep the reason to ${DECISION_REASON_MAX_LENGTH.toLocaleString("en-US")} characters.`);
