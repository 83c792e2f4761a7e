"use client";
// An invoice as a form (the new invoice and a draft's editor): its lines, free or from the business's projects, each
// with a price, an optional discount and a tax rate, read into integer minor units by the domain's field rules; the
// total is worked out by the same rules the server uses.
import {
  formatMoney,
  formatRate,
  type InvoiceKind,
  invoiceTotals,
  toDecimalString,
  VAT_CATEGORY_FACTS,
  type VatCategory,
} from "@atelier/domain";
import { Button, Input, type UseZodFormReturn } from "@atelier/ui";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Controller, type FieldError, useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { NativeSelect } from "~/components/common/native-select";
import type { invoiceForm, readInvoiceLines } from "./forms";

type InvoiceForm = ReturnType<typeof invoiceForm>;
type InvoiceFormValues = z.input<InvoiceForm>;
type LineFields = InvoiceFormValues["lines"][number];
type InvoiceFormApi = UseZodFormReturn<InvoiceForm>;

export const emptyLine = (change: Partial<LineFields> = {}): LineFields => ({
  description: "",
  quantity: "1",
  price: "",
  discount: "",
  vat: "",
  tax: "0",
  projectId: null,
  ...change,
});

/** A stored line back into the form. */
export function toLineFields(
  line: {
    description: string;
    quantity: number;
    unitAmount: number;
    discountBp: number;
    taxRateBp: number;
    taxCategory: VatCategory;
    projectId: string | null;
  },
  currency: string,
): LineFields {
  return emptyLine({
    description: line.description,
    quantity: String(line.quantity),
    price: toDecimalString(line.unitAmount, currency),
    discount: line.discountBp ? formatRate(line.discountBp).replace("%", "") : "",
    vat: line.taxCategory === "standard" || line.taxCategory === "zero" ? "" : line.taxCategory,
    tax: formatRate(line.taxRateBp).replace("%", ""),
    projectId: line.projectId,
  });
}

/** The form's lines as the API takes them. */
export function toApiLines(lines: z.output<InvoiceForm>["lines"]) {
  return lines.map(({ description, quantity, price, discount, vat, tax, projectId }) => ({
    description,
    quantity,
    unitAmount: price,
    discountBp: discount,
    taxRateBp: tax,
    ...(vat ? { taxCategory: vat } : {}),
    ...(projectId ? { projectId } : {}),
  }));
}

const COLUMNS = [
  { name: "description", label: "description" },
  { name: "quantity", label: "quantity" },
  { name: "price", label: "unit price" },
  { name: "discount", label: "discount percent" },
  { name: "vat", label: "VAT" },
  { name: "tax", label: "tax percent" },
] as const;

/** A line's VAT as chosen: taxed at the rate typed (0 % is zero rated), or one of the categories that charge none. */
const VAT_CHOICES = [
  ["", "Taxed"],
  ...(["exempt", "reverse_charge", "intra_community"] as const).map((c) => [c, VAT_CATEGORY_FACTS[c].label] as const),
] as const;

export function InvoiceLinesEditor({
  form,
  currency,
  kind = "invoice",
  projects,
}: {
  form: InvoiceFormApi;
  currency: string;
  kind?: InvoiceKind;
  /** The business's projects, offered as lines. */
  projects: readonly { id: string; title: string }[];
}) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "lines" });
  const watched = useWatch({ control: form.control, name: "lines" });
  // The total while typing: only once every line reads, by the same rule the form submits with. That rule is zod's,
  // loaded with the form's schemas once the editor is shown, not with the page.
  const [readLines, setReadLines] = useState<{ read: typeof readInvoiceLines } | null>(null);
  useEffect(() => {
    let shown = true;
    void import("./forms").then((m) => {
      if (shown) setReadLines({ read: m.readInvoiceLines });
    });
    return () => {
      shown = false;
    };
  }, []);
  const parsed = readLines?.read(watched, currency) ?? null;
  const totals = parsed
    ? invoiceTotals(
        parsed.map((l) => ({
          quantity: l.quantity,
          unitAmount: l.price,
          discountBp: l.discount,
          taxRateBp: l.tax,
          ...(l.vat ? { taxCategory: l.vat } : {}),
        })),
        kind,
      )
    : null;
  const unused = projects.filter((p) => !watched.some((l) => l.projectId === p.id));
  const errors = form.formState.errors.lines;
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <fieldset className="grid gap-3" aria-describedby={listError ? `${id}-lines-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Lines</legend>
      <div className="hidden grid-cols-[1fr_4.5rem_7rem_5rem_10.5rem_4.5rem_2.25rem] gap-2 text-xs text-muted-foreground md:grid">
        <span>Description</span>
        <span>Qty</span>
        <span>Unit price ({currency})</span>
        <span>Discount %</span>
        <span>VAT</span>
        <span>Tax %</span>
        <span />
      </div>
      {fields.map((field, i) => {
        const lineErrors = errors?.[i] as Partial<Record<(typeof COLUMNS)[number]["name"], FieldError>> | undefined;
        const errorId = (name: string) => `${id}-${field.id}-${name}-error`;
        const control = (name: (typeof COLUMNS)[number]["name"]) => ({
          "aria-label": `Line ${i + 1} ${COLUMNS.find((c) => c.name === name)?.label}`,
          "aria-invalid": lineErrors?.[name] ? (true as const) : undefined,
          "aria-describedby": lineErrors?.[name] ? errorId(name) : undefined,
          ...form.register(`lines.${i}.${name}`),
        });
        return (
          <div key={field.id} className="grid gap-1 rounded-lg border p-2 md:rounded-none md:border-0 md:p-0" data-testid="invoice-line">
            {/* On a phone: the description with its remove button, then two values a row, each captioned (the
                desktop's column headings are hidden there); from md up, one row under the headings. */}
            <div className="grid grid-cols-2 items-end gap-2 md:grid-cols-[1fr_4.5rem_7rem_5rem_10.5rem_4.5rem_2.25rem] md:items-center">
              <div className="col-span-2 flex items-center gap-2 md:contents">
                <Input placeholder="Flyer design" {...control("description")} />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11 shrink-0 md:order-last md:size-9"
                  aria-label={`Remove line ${i + 1}`}
                  disabled={fields.length === 1}
                  onClick={() => remove(i)}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
              {(
                [
                  ["quantity", "Quantity", { type: "number", min: 1, step: 1 }],
                  ["price", `Unit price (${currency})`, { inputMode: "decimal", placeholder: "0.00" }],
                  ["discount", "Discount %", { inputMode: "decimal", placeholder: "0" }],
                  ["vat", "VAT", null],
                  ["tax", "Tax %", { inputMode: "decimal" }],
                ] as const
              ).map(([name, caption, attributes]) => (
                <div key={name} className="grid gap-1">
                  <span aria-hidden className="text-xs text-muted-foreground md:hidden">
                    {caption}
                  </span>
                  {name === "vat" ? (
                    <Controller
                      control={form.control}
                      name={`lines.${i}.vat`}
                      render={({ field: vat }) => (
                        <NativeSelect
                          aria-label={`Line ${i + 1} VAT`}
                          value={vat.value}
                          onChange={(e) => {
                            vat.onChange(e.target.value);
                            // A line that charges no VAT has no rate to type.
                            if (e.target.value) form.setValue(`lines.${i}.tax`, "0", { shouldValidate: true });
                          }}
                        >
                          {VAT_CHOICES.map(([value, label]) => (
                            <option key={value} value={value}>
                              {label}
                            </option>
                          ))}
                        </NativeSelect>
                      )}
                    />
                  ) : (
                    <Input
                      {...attributes}
                      {...control(name)}
                      readOnly={name === "tax" && Boolean(watched[i]?.vat)}
                      className="read-only:bg-muted read-only:text-muted-foreground"
                    />
                  )}
                </div>
              ))}
            </div>
            {COLUMNS.map(({ name }) =>
              lineErrors?.[name]?.message ? (
                <p key={name} id={errorId(name)} className="text-sm text-destructive-text">
                  {lineErrors[name].message}
                </p>
              ) : null,
            )}
          </div>
        );
      })}
      {listError && (
        <p id={`${id}-lines-error`} className="text-sm text-destructive-text">
          {listError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => append(emptyLine())}>
          <Plus className="size-4" aria-hidden /> Add line
        </Button>
        {unused.length > 0 && (
          <NativeSelect
            aria-label="Add a line from a project"
            className="w-auto sm:h-8"
            value=""
            onChange={(e) => {
              const project = projects.find((p) => p.id === e.target.value);
              if (project) append(emptyLine({ description: project.title, projectId: project.id }));
            }}
          >
            <option value="">Add a line from a project…</option>
            {unused.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </NativeSelect>
        )}
      </div>
      <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
        {totals && totals.discount !== 0 && (
          <>
            <dt className="text-muted-foreground">Discounts</dt>
            <dd className="text-right">{formatMoney(-totals.discount, currency)}</dd>
          </>
        )}
        {totals && totals.tax !== 0 && (
          <>
            <dt className="text-muted-foreground">Tax</dt>
            <dd className="text-right">{formatMoney(totals.tax, currency)}</dd>
          </>
        )}
        <dt className="font-medium">Total</dt>
        <dd className="text-right font-semibold" data-testid="invoice-total">
          {totals ? formatMoney(totals.total, currency) : "—"}
        </dd>
      </dl>
    </fieldset>
  );
}
