"use client";
// New invoice: a business, optionally its project, and the lines of work; saved as a draft in the business's currency.
import { DEFAULT_CURRENCY, projectDisplayName } from "@atelier/domain";
import { Card, CardContent, CardFooter, Input, Label, Textarea, toast } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { PageHeader } from "~/components/empty-state";
import { BusinessOptions, FormError, SubmitButton } from "~/components/form-parts";
import { emptyLine, InvoiceLinesEditor, type LineDraft, parseLines } from "~/components/invoice-lines-editor";
import { NativeSelect } from "~/components/native-select";
import { useTRPC } from "~/trpc/react";

export default function CreateInvoicePage() {
  const trpc = useTRPC();
  const router = useRouter();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const [businessId, setBusinessId] = useState("");
  // The chosen business's newest projects, one page of them.
  const projects = useQuery({ ...trpc.projects.list.queryOptions({ archived: false, businessId }), enabled: businessId !== "" });
  const [projectId, setProjectId] = useState("");
  const [dueAt, setDueAt] = useState("");
  const [notes, setNotes] = useState("");
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const create = useMutation(
    trpc.invoices.create.mutationOptions({
      onSuccess: ({ number }) => {
        toast({ title: `${number} saved as a draft` });
        router.push("/invoices");
      },
    }),
  );
  const currency = businesses.data?.find((b) => b.id === businessId)?.currency ?? DEFAULT_CURRENCY;
  const businessProjects = businessId ? (projects.data?.items ?? []) : [];
  const parsed = parseLines(lines, currency);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!parsed) return;
    create.mutate({
      businessId,
      ...(projectId ? { projectId } : {}),
      ...(dueAt ? { dueAt } : {}),
      ...(notes.trim() ? { notes } : {}),
      lines: parsed,
    });
  }

  return (
    <>
      <PageHeader title="New invoice" description="It is saved as a draft: review it on its page, then send it." />
      <Card className="max-w-4xl">
        <form onSubmit={onSubmit}>
          <CardContent className="grid gap-4">
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
                    setLines(lines.map((l) => ({ ...l, projectId: null })));
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
                  {businessProjects.map((p) => (
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
            <InvoiceLinesEditor lines={lines} onChange={setLines} currency={currency} projects={businessProjects} />
            <div className="grid gap-2">
              <Label htmlFor="invoice-notes">Notes</Label>
              <Textarea
                id="invoice-notes"
                maxLength={2000}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                placeholder="Printed on the invoice; payment terms and bank details come from Billing."
              />
            </div>
            <FormError error={create.error} />
          </CardContent>
          <CardFooter className="justify-end">
            <SubmitButton pending={create.isPending} pendingLabel="Saving…" disabled={!parsed || !businessId}>
              Save draft
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
