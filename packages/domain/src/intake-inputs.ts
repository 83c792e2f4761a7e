// What an intake form's fields and its answers accept at the boundary (intake.ts has what each form asks of an
// answer): apart, so a page showing a brief does not load zod with it (docs/performance.md).
import { z } from "zod";
import {
  INTAKE_FIELD_KIND_VALUES,
  INTAKE_FIELDS_MAX,
  INTAKE_HELP_MAX_LENGTH,
  INTAKE_LABEL_MAX_LENGTH,
  INTAKE_LONG_TEXT_MAX_LENGTH,
  INTAKE_OPTION_MAX_LENGTH,
  INTAKE_OPTIONS_MAX,
  INTAKE_UNIT_MAX_LENGTH,
  SIZE_UNITS,
} from "./intake";

/**
 * A field's key in its form and in the answers: made by the form builder, kept as the field is renamed. Letters,
 * digits and dashes only: the database layer turns snake_case keys into camelCase as it reads JSON.
 */
export const intakeFieldIdInput = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "A field's id is 1 to 40 letters, digits or dashes.");

export const intakeFieldInput = z
  .object({
    id: intakeFieldIdInput,
    kind: z.enum(INTAKE_FIELD_KIND_VALUES, "Choose the kind of field."),
    label: z
      .string()
      .trim()
      .min(1, "Each field needs a question.")
      .max(INTAKE_LABEL_MAX_LENGTH, `Keep a question to ${INTAKE_LABEL_MAX_LENGTH} characters.`),
    help: z.string().trim().max(INTAKE_HELP_MAX_LENGTH, `Keep the help text to ${INTAKE_HELP_MAX_LENGTH} characters.`).default(""),
    required: z.boolean().default(false),
    unit: z.string().trim().max(INTAKE_UNIT_MAX_LENGTH, `Keep a unit to ${INTAKE_UNIT_MAX_LENGTH} characters.`).default(""),
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, "An option cannot be empty.")
          .max(INTAKE_OPTION_MAX_LENGTH, `Keep an option to ${INTAKE_OPTION_MAX_LENGTH} characters.`),
      )
      .max(INTAKE_OPTIONS_MAX, `At most ${INTAKE_OPTIONS_MAX} options.`)
      .default([]),
    multiple: z.boolean().default(false),
  })
  .superRefine((field, ctx) => {
    if (field.kind === "choice" && field.options.length < 2) {
      ctx.addIssue({ code: "custom", path: ["options"], message: `${field.label}: give at least two options, one per line.` });
    }
    if (new Set(field.options).size !== field.options.length) {
      ctx.addIssue({ code: "custom", path: ["options"], message: `${field.label}: each option once.` });
    }
    if (field.kind === "size" && !(SIZE_UNITS as readonly string[]).includes(field.unit)) {
      ctx.addIssue({ code: "custom", path: ["unit"], message: `${field.label}: a size is in ${SIZE_UNITS.join(", ")}.` });
    }
  })
  // What a kind does not use is not kept.
  .transform((field) => ({
    ...field,
    unit: field.kind === "number" || field.kind === "size" ? field.unit : "",
    options: field.kind === "choice" ? field.options : [],
    multiple: field.kind === "choice" ? field.multiple : false,
  }));

export const intakeFormInput = z
  .array(intakeFieldInput)
  .max(INTAKE_FIELDS_MAX, `A form has at most ${INTAKE_FIELDS_MAX} fields.`)
  .refine((fields) => new Set(fields.map((f) => f.id)).size === fields.length, "Each field once.");

const intakeSizeInput = z.object({
  width: z.number(),
  height: z.number(),
  unit: z.enum(SIZE_UNITS),
});

/**
 * An answer as sent, of any kind but files (their shape is the upload's, the API's to say): text, a number, chosen
 * options, a size. What the field asks of it is checked by `checkAnswers`.
 */
export const intakeAnswerInput = z.union([
  z.string().max(INTAKE_LONG_TEXT_MAX_LENGTH + 1000),
  z.number(),
  z.array(z.string().max(INTAKE_OPTION_MAX_LENGTH)).max(INTAKE_OPTIONS_MAX),
  intakeSizeInput,
]);
