// The projects' form schemas, apart from their components: a form loads its schema, and zod with it, when it is
// first checked (useLazyZodForm), so zod is not part of the page's first load (docs/performance.md).
import { COMMENT_EVENTS, commentBodyInput, dueDateInput, PROJECT_EVENT_VALUES, projectTitleInput } from "@atelier/domain";
import { z } from "zod";

// The kind of comment: "" is a plain comment; an internal note is the switch, not a kind.
export const commentForm = z.object({
  body: commentBodyInput,
  event: z.union([z.literal(""), z.enum(COMMENT_EVENTS)]),
  internal: z.boolean(),
});

/** A project's due date ("" for none). */
export const dueDateForm = z.object({ dueOn: z.union([z.literal(""), dueDateInput]) });

/**
 * A new project: its title, the service asked for ("" for none) or else the kind of work, the business it is for
 * (staff choose it), a rush, and its due date (staff set any; a client asking for a service may ask for a later one).
 */
export const projectForm = z.object({
  title: projectTitleInput,
  serviceId: z.string(),
  event: z.enum(PROJECT_EVENT_VALUES, "Choose the kind of work."),
  businessId: z.string(),
  rush: z.boolean(),
  dueOn: z.union([z.literal(""), dueDateInput]),
});
