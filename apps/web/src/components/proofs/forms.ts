// The proofs' form schemas, apart from their components: a form loads its schema, and zod with it, when it is
// first checked (useLazyZodForm), so zod is not part of the page's first load (docs/performance.md).
import { commentBodyInput, dueDateInput, proofNoteInput, reviewersInput, revisionAllowanceForm } from "@atelier/domain";
import { z } from "zod";

/** A round's reviewers, checked by the domain's reviewersInput. */
export const reviewersForm = z.object({ reviewers: reviewersInput });

/** A pin's comment, and whether it is an internal note. */
export const pinForm = z.object({ body: commentBodyInput, internal: z.boolean() });

// The form keeps "" for a day left empty; the domain's input is built from it on submit.
export const deadlinesForm = z.object({
  dueOn: z.string(),
  steps: z.array(z.object({ step: z.number(), dueOn: z.string() })),
  lockAtDeadline: z.boolean(),
});

/** What the deadlines' form submits, read by the domain's rule. */
export { decisionReasonInput, roundDeadlinesInput } from "@atelier/domain";

/** Staff set how many change rounds the business's projects include; past them, requests are billed. */
export const allowanceForm = z.object({ allowance: revisionAllowanceForm });

/** The client's request for changes to a round. */
export const changesForm = z.object({ body: commentBodyInput });

/** A round sent: its note, and the day to answer by ("" for none). */
export const proofForm = z.object({ note: proofNoteInput, dueOn: z.union([z.literal(""), dueDateInput]) });
