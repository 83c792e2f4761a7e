// A due date as every procedure takes it: a real calendar day (YYYY-MM-DD) within the domain's bounds.
import { DUE_DATE_MAX, DUE_DATE_MIN, isDueDateInRange } from "@atelier/domain";
import { z } from "zod";

export const dueDateInput = z.iso
  .date("Give the due date as a calendar day (YYYY-MM-DD).")
  .refine(isDueDateInRange, `Choose a due date between ${DUE_DATE_MIN.slice(0, 4)} and ${DUE_DATE_MAX.slice(0, 4)}.`);
