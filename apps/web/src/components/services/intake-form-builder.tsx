"use client";
// A service's intake form as the studio builds it (docs/services.md, "Intake forms"): questions of a kind each (short
// or long text, number with its unit, choice of one or several, date, size, colour, files), with help text and a
// required flag, added, moved and removed. A question keeps its id as it is renamed, so answers stay tied to it.
import { INTAKE_FIELD_KINDS, INTAKE_FIELDS_MAX, type IntakeField, type IntakeFieldKind, newIntakeField, SIZE_UNITS } from "@atelier/domain";
import { Button, Checkbox, Input, Label, Textarea } from "@atelier/ui";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useId } from "react";
import { NativeSelect } from "~/components/common/native-select";

/** A short id, unique within its form. */
const newFieldId = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(36).padStart(2, "0")).join("");

export function IntakeFormBuilder({ fields, onChange }: { fields: IntakeField[]; onChange: (fields: IntakeField[]) => void }) {
  const id = useId();
  const set = (index: number, change: Partial<IntakeField>) => onChange(fields.map((f, i) => (i === index ? { ...f, ...change } : f)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <fieldset className="grid gap-3" data-testid="intake-builder">
      <legend className="mb-1 text-sm font-medium">Questions a request answers</legend>
      {fields.length === 0 && <p className="text-sm text-muted-foreground">None yet: a request for this service asks for a title only.</p>}
      <ol className="grid gap-3">
        {fields.map((field, i) => {
          const at = (suffix: string) => `${id}-${field.id}-${suffix}`;
          const name = field.label.trim() || `question ${i + 1}`;
          return (
            <li key={field.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-2" data-testid="intake-builder-field">
              <div className="grid gap-1.5">
                <Label htmlFor={at("label")}>Question</Label>
                <Input
                  id={at("label")}
                  className="h-11 sm:h-9"
                  maxLength={120}
                  value={field.label}
                  onChange={(e) => set(i, { label: e.target.value })}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={at("kind")}>Kind of answer</Label>
                <NativeSelect
                  id={at("kind")}
                  aria-label={`Kind of answer to ${name}`}
                  value={field.kind}
                  onChange={(e) => {
                    const kind = e.target.value as IntakeFieldKind;
                    set(i, { kind, unit: kind === "size" ? "mm" : kind === "number" ? field.unit : "" });
                  }}
                >
                  {INTAKE_FIELD_KINDS.map((k) => (
                    <option key={k.value} value={k.value}>
                      {k.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5 sm:col-span-2">
                <Label htmlFor={at("help")}>Help text (optional)</Label>
                <Input
                  id={at("help")}
                  className="h-11 sm:h-9"
                  maxLength={300}
                  value={field.help}
                  onChange={(e) => set(i, { help: e.target.value })}
                />
              </div>
              {field.kind === "number" && (
                <div className="grid gap-1.5">
                  <Label htmlFor={at("unit")}>Unit (optional)</Label>
                  <Input
                    id={at("unit")}
                    className="h-11 sm:h-9"
                    maxLength={20}
                    placeholder="copies"
                    value={field.unit}
                    onChange={(e) => set(i, { unit: e.target.value })}
                  />
                </div>
              )}
              {field.kind === "size" && (
                <div className="grid gap-1.5">
                  <Label htmlFor={at("unit")}>Proposed unit</Label>
                  <NativeSelect
                    id={at("unit")}
                    aria-label={`Unit of ${name}`}
                    value={field.unit}
                    onChange={(e) => set(i, { unit: e.target.value })}
                  >
                    {SIZE_UNITS.map((u) => (
                      <option key={u} value={u}>
                        {u}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              )}
              {field.kind === "choice" && (
                <>
                  <div className="grid gap-1.5 sm:col-span-2">
                    <Label htmlFor={at("options")}>Options, one per line</Label>
                    <Textarea
                      id={at("options")}
                      rows={3}
                      value={field.options.join("\n")}
                      onChange={(e) => set(i, { options: e.target.value.split("\n") })}
                    />
                  </div>
                  <div className="flex min-h-11 items-center gap-2 sm:min-h-8">
                    <Checkbox id={at("multiple")} checked={field.multiple} onCheckedChange={(c) => set(i, { multiple: c === true })} />
                    <Label htmlFor={at("multiple")}>Several may be chosen</Label>
                  </div>
                </>
              )}
              <div className="flex flex-wrap items-center gap-1 sm:col-span-2">
                <div className="mr-auto flex min-h-11 items-center gap-2 sm:min-h-8">
                  <Checkbox id={at("required")} checked={field.required} onCheckedChange={(c) => set(i, { required: c === true })} />
                  <Label htmlFor={at("required")}>Required</Label>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11 sm:size-9"
                  aria-label={`Move ${name} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp className="size-4" aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11 sm:size-9"
                  aria-label={`Move ${name} down`}
                  disabled={i === fields.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11 sm:size-9"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(fields.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="min-h-11 justify-self-start sm:min-h-9"
        disabled={fields.length >= INTAKE_FIELDS_MAX}
        onClick={() => onChange([...fields, newIntakeField(newFieldId(), "text")])}
      >
        Add a question
      </Button>
    </fieldset>
  );
}

/** The form as sent: options without blank lines. */
export function builtForm(fields: readonly IntakeField[]): IntakeField[] {
  return fields.map((f) => ({ ...f, options: f.kind === "choice" ? f.options.map((o) => o.trim()).filter(Boolean) : [] }));
}
