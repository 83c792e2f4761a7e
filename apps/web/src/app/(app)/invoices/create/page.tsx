"use client";
// New invoice: a business, optionally its project, and the lines of work; saved as a draft.
import { formatMoney, invoiceTotal, parseMoney, projectDisplayName } from "@atelier/domain";
import { Button, Card, CardContent, CardFooter, Input, Label, Textarea, toast } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { PageHeader } from "~/components/empty-state";
import { BusinessOptions, FormError, SubmitButton } from "~/components/form-parts";
import { NativeSelect } from "~/components/native-select";
import { useTRPC } from "~/trpc/react";

// `key` tells rows apart while lines are added and removed.
type Line = { key: string; description: string; quantity: string; price: string };
const emptyLine = (): Line => ({ key: crypto.randomUUID(), description: "", quantity: "1", price: "" });

export default function CreateInvoicePage() {
  const trpc = useTRPC();
  const router = useRouter();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const projects = useQuery(trpc.projects.list.queryOptions({ archived: false }));
  const [businessId, setBusinessId] = useState("");
  const [projectId, setProjectId] = useState("");
  const [dueAt, setDueAt] = useState("");
  const [notes, setNotes] = useState("");
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const create = useMutation(
    trpc.invoices.create.mutationOptions({
      onSuccess: ({ number }) => {
        toast({ title: `${number} saved as a draft` });
        router.push("/invoices");
      },
    }),
  );

  const parsed = lines.map((l) => ({ description: l.description.trim(), quantity: Number(l.quantity), unitAmount: parseMoney(l.price) }));
  const valid = parsed.every((l) => l.description && Number.isInteger(l.quantity) && l.quantity > 0 && l.unitAmount !== null);
  const total = valid ? invoiceTotal(parsed as { quantity: number; unitAmount: number }[]) : null;
  const setLine = (i: number, change: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...change } : l)));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    create.mutate({
      businessId,
      ...(projectId ? { projectId } : {}),
      ...(dueAt ? { dueAt } : {}),
      ...(notes.trim() ? { notes } : {}),
      lines: parsed.map((l) => ({ description: l.description, quantity: l.quantity, unitAmount: l.unitAmount ?? 0 })),
    });
  }

  return (
    <>
      <PageHeader title="New invoice" description="It is saved as a draft; send it from the Invoices list." />
      <Card className="max-w-3xl">
        <form onSubmit={onSubmit}>
          <CardContent className="grid gap-4 pt-6">
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="grid gap-2">
                <Label htmlFor="invoice-business">Business</Label>
                <NativeSelect
                  id="invoice-business"
                  required
                  value={businessId}
                  onChange={(e) => {
                    setBusinessId(e.target.value);
                    setProjectId("");
                  }}
                >
                  <option value="" disabled>
                    Choose…
                  </option>
                  <BusinessOptions businesses={businesses.data} />
                </NativeSelect>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="invoice-project">Project</Label>
                <NativeSelect id="invoice-project" value={projectId} onChange={(e) => setProjectId(e.target.value)} disabled={!businessId}>
                  <option value="">None</option>
                  {projects.data
                    ?.filter((p) => p.businessId === businessId)
                    .map((p) => (
                      <option key={p.id} value={p.id}>
                        {projectDisplayName(p.name)}
                      </option>
                    ))}
                </NativeSelect>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="invoice-due">Due</Label>
                <Input id="invoice-due" type="date" value={dueAt} onChange={(e) => setDueAt(e.target.value)} />
              </div>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Lines</legend>
              {lines.map((line, i) => (
                <div key={line.key} className="grid grid-cols-[1fr_5rem_8rem_auto] items-center gap-2" data-testid="invoice-line">
                  <Input
                    aria-label={`Line ${i + 1} description`}
                    required
                    placeholder="Flyer design"
                    value={line.description}
                    onChange={(e) => setLine(i, { description: e.target.value })}
                  />
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
                    aria-invalid={line.price !== "" && parseMoney(line.price) === null}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove line ${i + 1}`}
                    disabled={lines.length === 1}
                    onClick={() => setLines(lines.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" />
                  </Button>
                </div>
              ))}
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => setLines([...lines, emptyLine()])}
              >
                <Plus className="size-4" aria-hidden /> Add line
              </Button>
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor="invoice-notes">Notes</Label>
              <Textarea
                id="invoice-notes"
                maxLength={2000}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                placeholder="Payment terms, bank details…"
              />
            </div>
            <FormError error={create.error} />
          </CardContent>
          <CardFooter className="justify-between">
            <p className="text-sm">
              Total:{" "}
              <strong className="tabular-nums" data-testid="invoice-total">
                {total === null ? "—" : formatMoney(total)}
              </strong>
            </p>
            <SubmitButton pending={create.isPending} pendingLabel="Saving…" disabled={!valid}>
              Save draft
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
