"use client";
// A service's intake form as a person fills it (docs/services.md, "Intake forms"): one input per question, by its
// kind, with its help text and the problem the shared rule (answerProblem in @atelier/domain) finds. A file question's
// part is the page's to draw (`files`): a new request uploads to its intake folder, an edit keeps the files given.
import {
  INTAKE_LONG_TEXT_MAX_LENGTH,
  INTAKE_TEXT_MAX_LENGTH,
  type IntakeAnswer,
  type IntakeField,
  SIZE_UNITS,
  type SizeUnit,
} from "@atelier/domain";
import { Input, Label, Textarea } from "@atelier/ui";
import { type ReactNode, useId } from "react";
import { NativeSelect } from "~/components/common/native-select";

/** An answer as typed: a number and a size's sides stay text until sent, so "12," is not lost while typing. */
export type DraftAnswer = string | string[] | { width: string; height: string; unit: SizeUnit } | unknown[];
export type Draft = Record<string, DraftAnswer>;

/** A number as typed, as sent: "" is none, a readable number a number, anything else as typed (refused as no number). */
function numberOf(text: string): number | string | undefined {
  const t = text.trim().replace(",", ".");
  if (t === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : text;
}

/** The answers to send from what was typed. */
export function sentAnswers(fields: readonly IntakeField[], draft: Draft): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field.id];
    if (value === undefined) continue;
    if (field.kind === "number" && typeof value === "string") {
      const n = numberOf(value);
      if (n !== undefined) sent[field.id] = n;
    } else if (field.kind === "size" && typeof value === "object" && !Array.isArray(value)) {
      const [width, height] = [numberOf(value.width), numberOf(value.height)];
      if (width !== undefined || height !== undefined) sent[field.id] = { width: width ?? 0, height: height ?? 0, unit: value.unit };
    } else sent[field.id] = value;
  }
  return sent;
}

/** What was answered, as the form shows it to be changed. */
export function draftOf(fields: readonly IntakeField[], answers: Readonly<Record<string, IntakeAnswer>>): Draft {
  const draft: Draft = {};
  for (const field of fields) {
    const value = answers[field.id];
    if (value === undefined) continue;
    if (typeof value === "number") draft[field.id] = String(value);
    else if (typeof value === "object" && !Array.isArray(value))
      draft[field.id] = { width: String(value.width), height: String(value.height), unit: value.unit };
    else draft[field.id] = value;
  }
  return draft;
}

const sizeOf = (field: IntakeField, value: DraftAnswer | undefined) =>
  typeof value === "object" && !Array.isArray(value)
    ? value
    : { width: "", height: "", unit: ((SIZE_UNITS as readonly string[]).includes(field.unit) ? field.unit : "mm") as SizeUnit };

const INPUT = "h-11 sm:h-9";

/** One question: its label (a legend for a group), help text, input and problem. */
function Question({ field, problem, files, value, onChange }: QuestionProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const problemId = `${id}-problem`;
  const describedBy = [field.help ? helpId : null, problem ? problemId : null].filter(Boolean).join(" ") || undefined;
  const control = { id, "aria-describedby": describedBy, "aria-invalid": problem ? true : undefined, required: field.required };
  const label = (
    <>
      {field.label}
      {!field.required && <span className="font-normal text-muted-foreground"> (optional)</span>}
    </>
  );
  const grouped = field.kind === "choice" || field.kind === "size" || field.kind === "file";
  const text = typeof value === "string" ? value : "";
  let input: ReactNode;
  switch (field.kind) {
    case "text":
      input = (
        <Input {...control} className={INPUT} value={text} maxLength={INTAKE_TEXT_MAX_LENGTH} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case "longText":
      input = (
        <Textarea {...control} rows={4} value={text} maxLength={INTAKE_LONG_TEXT_MAX_LENGTH} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case "number":
      input = (
        <div className="flex items-center gap-2">
          <Input {...control} className={`${INPUT} w-40`} inputMode="decimal" value={text} onChange={(e) => onChange(e.target.value)} />
          {field.unit && <span className="text-sm text-muted-foreground">{field.unit}</span>}
        </div>
      );
      break;
    case "date":
      input = (
        <Input {...control} type="date" className={`${INPUT} w-full sm:w-44`} value={text} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case "colour":
      input = (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${field.label}: pick`}
            className="h-11 w-14 cursor-pointer rounded-md border bg-background p-1 sm:h-9"
            value={/^#[0-9a-fA-F]{6}$/.test(text) ? text : "#000000"}
            onChange={(e) => onChange(e.target.value)}
          />
          <Input
            {...control}
            className={`${INPUT} w-32 font-mono`}
            placeholder="#1d4ed8"
            value={text}
            maxLength={7}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      );
      break;
    case "choice": {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      input = (
        <div className="grid gap-1">
          {field.options.map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8">
              <input
                type={field.multiple ? "checkbox" : "radio"}
                name={id}
                className="size-4 shrink-0 accent-primary"
                checked={chosen.includes(option)}
                onChange={(e) =>
                  onChange(field.multiple ? (e.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option)) : [option])
                }
              />
              <span className="wrap-anywhere">{option}</span>
            </label>
          ))}
        </div>
      );
      break;
    }
    case "size": {
      const size = sizeOf(field, value);
      input = (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            aria-label={`${field.label}: width`}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            className={`${INPUT} w-20`}
            inputMode="decimal"
            value={size.width}
            onChange={(e) => onChange({ ...size, width: e.target.value })}
          />
          <span aria-hidden>x</span>
          <Input
            aria-label={`${field.label}: height`}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            className={`${INPUT} w-20`}
            inputMode="decimal"
            value={size.height}
            onChange={(e) => onChange({ ...size, height: e.target.value })}
          />
          <NativeSelect
            aria-label={`${field.label}: unit`}
            className="w-20"
            value={size.unit}
            onChange={(e) => onChange({ ...size, unit: e.target.value as SizeUnit })}
          >
            {SIZE_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </NativeSelect>
        </div>
      );
      break;
    }
    case "file":
      input = files;
      break;
  }
  const after = (
    <>
      {field.help && (
        <p id={helpId} className="text-sm text-muted-foreground wrap-anywhere">
          {field.help}
        </p>
      )}
      {problem && (
        <p id={problemId} className="text-sm text-destructive-text">
          {problem}
        </p>
      )}
    </>
  );
  if (grouped) {
    return (
      <fieldset
        className="grid gap-1.5"
        aria-describedby={describedBy}
        data-testid="intake-question"
        data-problem={problem ? "" : undefined}
      >
        <legend className="mb-1 text-sm font-medium wrap-anywhere">{label}</legend>
        {input}
        {after}
      </fieldset>
    );
  }
  return (
    <div className="grid gap-1.5" data-testid="intake-question" data-problem={problem ? "" : undefined}>
      <Label htmlFor={id} className="wrap-anywhere">
        {label}
      </Label>
      {input}
      {after}
    </div>
  );
}

interface QuestionProps {
  field: IntakeField;
  problem: string | undefined;
  files: ReactNode;
  value: DraftAnswer | undefined;
  onChange: (value: DraftAnswer) => void;
}

/** Every question of a form, in its order. */
export function IntakeFields({
  fields,
  draft,
  onChange,
  problems,
  files,
}: {
  fields: readonly IntakeField[];
  draft: Draft;
  onChange: (fieldId: string, value: DraftAnswer) => void;
  problems: Readonly<Record<string, string>>;
  /** A file question's part. */
  files: (field: IntakeField) => ReactNode;
}) {
  return (
    <div className="grid gap-4">
      {fields.map((field) => (
        <Question
          key={field.id}
          field={field}
          problem={problems[field.id]}
          files={field.kind === "file" ? files(field) : null}
          value={draft[field.id]}
          onChange={(value) => onChange(field.id, value)}
        />
      ))}
    </div>
  );
}
