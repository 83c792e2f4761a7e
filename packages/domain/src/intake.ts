// Intake forms (docs/services.md): the questions a service asks when a request is started, built by the studio from
// typed fields, and the answers a request keeps as its brief. A project keeps the form as it was answered beside the
// answers, so changing a service's form never changes what was answered before. The checks here are the one rule
// for an answer, used by the request form before it is sent and by the server when it arrives (the answers' shape is
// checked with zod at the boundary, intake-inputs.ts; what a form asks of each answer, here).
import { formatInvoiceDate } from "./invoices";

export const INTAKE_FIELD_KINDS = [
  { value: "text", label: "Short text" },
  { value: "longText", label: "Long text" },
  { value: "number", label: "Number" },
  { value: "choice", label: "Choice" },
  { value: "date", label: "Date" },
  { value: "size", label: "Size (width x height)" },
  { value: "colour", label: "Colour" },
  { value: "file", label: "Files" },
] as const;
export type IntakeFieldKind = (typeof INTAKE_FIELD_KINDS)[number]["value"];
export const INTAKE_FIELD_KIND_VALUES = INTAKE_FIELD_KINDS.map((k) => k.value) as [IntakeFieldKind, ...IntakeFieldKind[]];

export const SIZE_UNITS = ["mm", "cm", "in", "px"] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

export const INTAKE_FIELDS_MAX = 30;
export const INTAKE_LABEL_MAX_LENGTH = 120;
export const INTAKE_HELP_MAX_LENGTH = 300;
export const INTAKE_UNIT_MAX_LENGTH = 20;
export const INTAKE_OPTIONS_MAX = 30;
export const INTAKE_OPTION_MAX_LENGTH = 80;
export const INTAKE_TEXT_MAX_LENGTH = 200;
export const INTAKE_LONG_TEXT_MAX_LENGTH = 5000;
/** A number answer's bound either way, and a size's largest side. */
const INTAKE_NUMBER_MAX = 1_000_000_000;
export const INTAKE_FILES_MAX = 20;

/** One question of a form. `unit` is a number's unit ("copies") or a size's proposed one; `options` a choice's. */
export interface IntakeField {
  id: string;
  kind: IntakeFieldKind;
  label: string;
  help: string;
  required: boolean;
  unit: string;
  options: string[];
  /** A choice of several options rather than one. */
  multiple: boolean;
}

interface IntakeSize {
  width: number;
  height: number;
  unit: SizeUnit;
}

/** A file answered: a file of the project's briefing files. */
export interface IntakeFile {
  fileId: string;
  name: string;
}

/**
 * An answer by its field's kind: text, long text, a date (YYYY-MM-DD) and a colour (#rrggbb) are strings; a number a
 * number; a choice its chosen options; a size its sides; files the files given.
 */
export type IntakeAnswer = string | number | string[] | IntakeSize | IntakeFile[];
export type IntakeAnswers = Record<string, IntakeAnswer>;

/** What a request keeps: the form as it was answered, and the answers. */
export interface Brief {
  fields: IntakeField[];
  answers: IntakeAnswers;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COLOUR = /^#[0-9a-f]{6}$/;

const isSize = (value: unknown): value is IntakeSize =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as IntakeSize).width === "number" &&
  typeof (value as IntakeSize).height === "number" &&
  (SIZE_UNITS as readonly unknown[]).includes((value as IntakeSize).unit);

/** An empty answer: nothing typed, chosen or given. A number 0 is an answer. */
function isUnanswered(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "number") return Number.isNaN(value);
  return false;
}

const validDay = (day: string) =>
  DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/**
 * Why `value` is no answer to `field`, in words for the person filling the form, or null when it is one (or may be left
 * empty). A file answer is checked for its count only: where its files are is the server's to check.
 */
export function answerProblem(field: IntakeField, value: unknown): string | null {
  if (isUnanswered(value)) return field.required ? `${field.label}: this is required.` : null;
  switch (field.kind) {
    case "text":
    case "longText": {
      const max = field.kind === "text" ? INTAKE_TEXT_MAX_LENGTH : INTAKE_LONG_TEXT_MAX_LENGTH;
      if (typeof value !== "string") return `${field.label}: give it as text.`;
      return value.trim().length > max ? `${field.label}: keep it to ${max.toLocaleString("en-US")} characters.` : null;
    }
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return `${field.label}: give a number.`;
      return Math.abs(value) > INTAKE_NUMBER_MAX ? `${field.label}: that number is too large.` : null;
    case "choice": {
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) return `${field.label}: choose from the list.`;
      if (!value.every((v) => field.options.includes(v))) return `${field.label}: choose from the list.`;
      if (new Set(value).size !== value.length) return `${field.label}: choose each option once.`;
      return !field.multiple && value.length > 1 ? `${field.label}: choose one.` : null;
    }
    case "date":
      return typeof value === "string" && validDay(value) ? null : `${field.label}: give a date.`;
    case "size": {
      if (!isSize(value)) return `${field.label}: give the width and the height.`;
      const sides = [value.width, value.height];
      if (!sides.every((s) => Number.isFinite(s) && s > 0)) return `${field.label}: the width and the height are more than 0.`;
      return sides.some((s) => s > INTAKE_NUMBER_MAX) ? `${field.label}: that size is too large.` : null;
    }
    case "colour":
      return typeof value === "string" && COLOUR.test(value.toLowerCase()) ? null : `${field.label}: give a colour as #rrggbb.`;
    case "file":
      if (!Array.isArray(value)) return `${field.label}: add the files.`;
      return value.length > INTAKE_FILES_MAX ? `${field.label}: at most ${INTAKE_FILES_MAX} files.` : null;
  }
}

/**
 * The answers to `fields` from what was sent: each answer tidied (text trimmed, a colour in lower case), unanswered
 * and unknown fields left out; and the problems by field id. A form is answered when `problems` is empty.
 */
export function checkAnswers(
  fields: readonly IntakeField[],
  sent: Readonly<Record<string, unknown>>,
): { answers: Record<string, unknown>; problems: Record<string, string> } {
  const answers: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = sent[field.id];
    const problem = answerProblem(field, value);
    if (problem) {
      problems[field.id] = problem;
      continue;
    }
    if (isUnanswered(value)) continue;
    answers[field.id] = typeof value === "string" ? (field.kind === "colour" ? value.toLowerCase() : value.trim()) : value;
  }
  return { answers, problems };
}

const trimNumber = (n: number) => String(Number(n.toFixed(4)));

/** An answer as people read it: "148 x 210 mm", "Matte, Gloss", "Dec 15, 2026", "#1d4ed8", the files' names. */
export function answerText(field: IntakeField, value: IntakeAnswer | undefined): string {
  if (value === undefined || isUnanswered(value)) return "";
  switch (field.kind) {
    case "number":
      return typeof value === "number" ? `${trimNumber(value)}${field.unit ? ` ${field.unit}` : ""}` : "";
    case "choice":
      return Array.isArray(value) ? (value as string[]).join(", ") : "";
    case "date":
      return typeof value === "string" ? formatInvoiceDate(value) : "";
    case "size":
      return isSize(value) ? `${trimNumber(value.width)} x ${trimNumber(value.height)} ${value.unit}` : "";
    case "file":
      return Array.isArray(value) ? (value as IntakeFile[]).map((f) => f.name).join(", ") : "";
    default:
      return typeof value === "string" ? value : "";
  }
}

/** The brief's answered questions in the form's order, as label and text. */
export function briefLines(brief: Brief): { fieldId: string; label: string; text: string; kind: IntakeFieldKind }[] {
  return brief.fields
    .map((field) => ({ fieldId: field.id, label: field.label, kind: field.kind, text: answerText(field, brief.answers[field.id]) }))
    .filter((line) => line.text !== "");
}

/** The brief as plain text, one "Label: answer" per line (a long text on the lines after its label): for mail. */
export function briefText(brief: Brief): string {
  return briefLines(brief)
    .map((line) => (line.kind === "longText" ? `${line.label}:\n${line.text}` : `${line.label}: ${line.text}`))
    .join("\n");
}

export interface BriefChange {
  fieldId: string;
  label: string;
  before: string;
  after: string;
}

/** What an edit changed, field by field in the form's order, as people read the answers. */
export function briefChanges(fields: readonly IntakeField[], before: IntakeAnswers, after: IntakeAnswers): BriefChange[] {
  return fields
    .map((field) => ({
      fieldId: field.id,
      label: field.label,
      before: answerText(field, before[field.id]),
      after: answerText(field, after[field.id]),
    }))
    .filter((change) => change.before !== change.after);
}

/** A new question of `kind` with its defaults (the builder's "Add a field"). */
export function newIntakeField(id: string, kind: IntakeFieldKind): IntakeField {
  return {
    id,
    kind,
    label: "",
    help: "",
    required: false,
    unit: kind === "size" ? "mm" : "",
    options: [],
    multiple: false,
  };
}
