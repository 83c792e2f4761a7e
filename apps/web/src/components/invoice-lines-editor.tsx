"use client";
// An invoice's lines as a form: free lines and lines from the business's projects, each with a price,
// an optional discount and a tax rate; the total is worked out by the same rules the server uses.
import {
  formatMoney,
  formatRate,
  type InvoiceKind,
  invoiceTotals,
  parseMoney,
  parseRate,
  projectDisplayName,
  toDecimalString,
} from "@atelier/domain";
import { Button, Input } from "@atelier/ui";
import { Plus, Trash2 } from "lucide-react";
import { NativeSelect } from "./native-select";

// `key` tells rows apart while lines are added and removed.
export type LineDraft = {
  key: string;
  description: string;
  quantity: string;
  price: string;
  discount: string;
  tax: string;
  projectId: string | null;
};

export interface ParsedLine {
  description: string;
  quantity: number;
  unitAmount: number;
  discountBp: number;
  taxRateBp: number;
  projectId?: string;
}

export const emptyLine = (change: Partial<LineDraft> = {}): LineDraft => ({
  key: crypto.randomUUID(),
  description: "",
  quantity: "1",
  price: "",
  discount: "",
  tax: "0",
  projectId: null,
  ...change,
});

/** A stored line back into the form. */
export function toLineDraft(
  line: { description: string; quantity: number; unitAmount: number; discountBp: number; taxRateBp: number; projectId: string | null },
  currency: string,
): LineDraft {
  return emptyLine({
    description: line.description,
    quantity: String(line.quantity),
    price: toDecimalString(line.unitAmount, currency),
    discount: line.discountBp ? formatRate(line.discountBp).replace("%", "") : "",
    tax: formatRate(line.taxRateBp).replace("%", ""),
    projectId: line.projectId,
  });
}

function parseLine(line: LineDraft, currency: string): ParsedLine | null {
  const quantity = Number(line.quantity);
  const unitAmount = parseMoney(line.price, currency);
  const discountBp = line.discount.trim() === "" ? 0 : parseRate(line.discount);
  const taxRateBp = line.tax.trim() === "" ? 0 : parseRate(line.tax);
  const description = line.description.trim();
  if (!description || !Number.isInteger(quantity) || quantity < 1 || unitAmount === null || discountBp === null || taxRateBp === null) {
    return null;
  }
  return { description, quantity, unitAmount, discountBp, taxRateBp, ...(line.projectId ? { projectId: line.projectId } : {}) };
}

/** The lines as the API takes them, or null while one is incomplete. */
export function parseLines(lines: readonly LineDraft[], currency: string): ParsedLine[] | null {
  const parsed = lines.map((l) => parseLine(l, currency));
  return parsed.every((l) => l !== null) ? (parsed as ParsedLine[]) : null;
}

export function InvoiceLinesEditor({
  lines,
  onChange,
  currency,
  kind = "invoice",
  projects,
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  currency: string;
  kind?: InvoiceKind;
  /** The business's projects, offered as lines. */
  projects: readonly { id: string; name: string }[];
}) {
  const parsed = parseLines(lines, currency);
  const totals = parsed ? invoiceTotals(parsed, kind) : null;
  const setLine = (i: number, change: Partial<LineDraft>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const unused = projects.filter((p) => !lines.some((l) => l.projectId === p.id));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Lines</legend>
      <div className="hidden grid-cols-[1fr_4.5rem_7rem_5rem_5rem_2.25rem] gap-2 text-xs text-muted-foreground md:grid">
        <span>Description</span>
        <span>Qty</span>
        <span>Unit price ({currency})</span>
        <span>Discount %</span>
        <span>Tax %</span>
        <span />
      </div>
      {lines.map((line, i) => (
        <div
          key={line.key}
          className="grid grid-cols-[1fr_1fr_2.25rem] items-center gap-2 rounded-lg border p-2 md:grid-cols-[1fr_4.5rem_7rem_5rem_5rem_2.25rem] md:rounded-none md:border-0 md:p-0"
          data-testid="invoice-line"
        >
          <Input
            className="col-span-2 md:col-span-1"
            aria-label={`Line ${i + 1} description`}
            required
            placeholder="Flyer design"
            value={line.description}
            onChange={(e) => setLine(i, { description: e.target.value })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="md:order-last"
            aria-label={`Remove line ${i + 1}`}
            disabled={lines.length === 1}
            onClick={() => onChange(lines.filter((_, j) => j !== i))}
          >
            <Trash2 className="size-4" />
          </Button>
          <Input
            aria-label={`Line ${i + 1} quantity`}
            type="number"
            min={1}
            step={1}
            required
            value={line.quantity}
            onChange={(e) => setLine(i, { quantity: e.target.value })}
          />
          <Input
            aria-label={`Line ${i + 1} unit price`}
            inputMode="decimal"
            required
            placeholder="0.00"
            value={line.price}
            onChange={(e) => setLine(i, { price: e.target.value })}
            aria-invalid={line.price !== "" && parseMoney(line.price, currency) === null}
          />
          <Input
            aria-label={`Line ${i + 1} discount percent`}
            inputMode="decimal"
            placeholder="0"
            value={line.discount}
            onChange={(e) => setLine(i, { discount: e.target.value })}
            aria-invalid={line.discount.trim() !== "" && parseRate(line.discount) === null}
          />
          <Input
            aria-label={`Line ${i + 1} tax percent`}
            inputMode="decimal"
            value={line.tax}
            onChange={(e) => setLine(i, { tax: e.target.value })}
            aria-invalid={line.tax.trim() !== "" && parseRate(line.tax) === null}
          />
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => onChange([...lines, emptyLine()])}>
          <Plus className="size-4" aria-hidden /> Add line
        </Button>
        {unused.length > 0 && (
          <NativeSelect
            aria-label="Add a line from a project"
            className="h-8 w-auto"
            value=""
            onChange={(e) => {
              const project = projects.find((p) => p.id === e.target.value);
              if (project) onChange([...lines, emptyLine({ description: projectDisplayName(project.name), projectId: project.id })]);
            }}
          >
            <option value="">Add a line from a project…</option>
            {unused.map((p) => (
              <option key={p.id} value={p.id}>
                {projectDisplayName(p.name)}
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
