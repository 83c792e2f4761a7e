// The timesheet's form schemas, apart from its components: loaded with the form's first check (useLazyZodForm), so
// zod is not part of the page's first load (docs/performance.md).
import { timeDayInput, timeNoteInput, timeTextInput } from "@atelier/domain";
import { z } from "zod";

/** Time logged by hand: a project, a day, a duration as typed ("1:30", "90", "1.5h"), a note, billable or not. */
export const logTimeForm = z.object({
  projectId: z.string().min(1, "Choose a project."),
  day: timeDayInput,
  duration: timeTextInput,
  note: timeNoteInput,
  billable: z.boolean(),
});
