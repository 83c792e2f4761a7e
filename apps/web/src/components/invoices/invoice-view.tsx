"use client";
// One invoice as its page shows it, for the studio's admin and for the client it bills: the document
// with its lines, totals, payments and credit notes, Download PDF, and for the admin its editor and moves.
import type { RouterOutputs } from "@atelier/api";
import {
  formatInvoiceDate,
  formatMoney,
  formatRate,
  INVOICE_STATUS_LABELS,
  isOverdue,
  lineAmounts,
  lineVatCategory,
  utcDay,
  VAT_CATEGORY_FACTS,
  type VatCategory,
  vatNotes,
} from "@atelier/domain";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Field,
  fieldError,
  Input,
  Skeleton,
  showServerFieldErrors,
  Textarea,
  toast,
  useLazyZodForm,
} from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { EmptyState } from "~/components/common/empty-state";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";
import { DownloadPdfButton, DownloadXmlMenu } from "./download-invoice";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceLinesEditor, toApiLines, toLineFields } from "./invoice-lines-editor";
import { STATUS_STYLE } from "./invoice-table";

type Invoice = RouterOutputs["invoices"]["byId"];

function useInvoice(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.invoices.byId.queryOptions({ id }));
}

const today = () => utcDay(new Date());

/** `drafts`: the studio, who edit drafts; `admin`: who also sends them and records their payments and corrections. */
export function InvoiceView({
  id,
  admin,
  drafts,
  hrefFor,
}: {
  id: string;
  admin: boolean;
  drafts: boolean;
  hrefFor: (id: string) => string;
}) {
  const invoice = useInvoice(id);
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  if (invoice.isPending) return <Skeleton className="h-96" />;
  if (!invoice.data) return <EmptyState title="No such invoice" description={invoice.error?.message ?? ""} />;
  const inv = invoice.data;
  const title = inv.kind === "credit_note" ? "Credit note" : "Invoice";
  return (
    <div className="grid max-w-4xl gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">{title}</p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
            {inv.number}
            <Badge variant="outline" className={STATUS_STYLE[inv.status]}>
              {INVOICE_STATUS_LABELS[inv.status]}
            </Badge>
            {isOverdue(inv, today()) && <Badge variant="destructive">Overdue</Badge>}
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <DownloadPdfButton invoiceId={inv.id} />
          {inv.status !== "draft" && <DownloadXmlMenu invoiceId={inv.id} />}
          {drafts && inv.status === "draft" && !editing && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {admin && <CreditNoteButton invoice={inv} hrefFor={hrefFor} />}
          {admin && !editing && <InvoiceActions invoice={inv} onDeleted={() => router.push("/invoices")} />}
        </div>
      </header>
      {drafts && !admin && inv.status === "draft" && (
        <p className="text-sm text-muted-foreground" data-testid="draft-note">
          A draft: an admin sends it to {inv.businessName}.
        </p>
      )}
      {editing ? <DraftEditor invoice={inv} onDone={() => setEditing(false)} /> : <Document invoice={inv} hrefFor={hrefFor} />}
      {inv.kind === "invoice" && inv.status !== "draft" && <Payments invoice={inv} admin={admin} />}
    </div>
  );
}

/** A line's tax in words: its rate, or the category of a line that charges none ("Reverse charge"). */
function lineTax(line: { taxRateBp: number; taxCategory: VatCategory }, prefix = ""): string {
  const rated = line.taxCategory === "standard" || line.taxCategory === "zero";
  return rated ? `${prefix}${formatRate(line.taxRateBp)}` : VAT_CATEGORY_FACTS[line.taxCategory].label;
}

function Document({ invoice: inv, hrefFor }: { invoice: Invoice; hrefFor: (id: string) => string }) {
  const money = (minor: number) => formatMoney(minor, inv.currency);
  const facts: [string, React.ReactNode][] = [
    ["Billed to", inv.businessName],
    ["Issued", inv.sentAt ? formatInvoiceDate(inv.sentAt) : "Not sent yet"],
    ["Due", inv.dueAt ? formatInvoiceDate(inv.dueAt) : "—"],
    ...(inv.projectTitle ? [["Project", inv.projectTitle] as [string, React.ReactNode]] : []),
    ...(inv.creditFor && inv.creditForNumber
      ? [
          [
            "Corrects",
            <Link key="corrects" className="underline" href={hrefFor(inv.creditFor)}>
              {inv.creditForNumber}
            </Link>,
          ] as [string, React.ReactNode],
        ]
      : []),
  ];
  return (
    <Card>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <table className="w-full text-sm" data-testid="invoice-lines">
          <thead className="border-b text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-2 font-medium">Description</th>
              <th className="hidden whitespace-nowrap py-2 pl-4 text-right font-medium sm:table-cell">Qty</th>
              <th className="hidden whitespace-nowrap py-2 pl-4 text-right font-medium sm:table-cell">Unit price</th>
              <th className="hidden whitespace-nowrap py-2 pl-4 text-right font-medium sm:table-cell">Tax</th>
              <th className="whitespace-nowrap py-2 pl-4 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {inv.lines.map((line, i) => {
              const amounts = lineAmounts(line, inv.kind);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines come in their stored order and never move
                <tr key={i} className="border-b align-top last:border-0">
                  {/* A long word breaks anywhere rather than squeeze the amounts beside it. */}
                  <td className="py-2 [overflow-wrap:anywhere]">
                    {line.description}
                    <div className="text-xs text-muted-foreground sm:hidden">
                      {line.quantity} × {money(line.unitAmount)} · {lineTax(line, "tax ")}
                    </div>
                    {line.discountBp > 0 && <div className="text-xs text-muted-foreground">{formatRate(line.discountBp)} discount</div>}
                  </td>
                  <td className="hidden whitespace-nowrap py-2 pl-4 text-right tabular-nums sm:table-cell">{line.quantity}</td>
                  <td className="hidden whitespace-nowrap py-2 pl-4 text-right tabular-nums sm:table-cell">{money(line.unitAmount)}</td>
                  <td className="hidden whitespace-nowrap py-2 pl-4 text-right tabular-nums sm:table-cell">{lineTax(line)}</td>
                  <td className="whitespace-nowrap py-2 pl-4 text-right tabular-nums">{money(amounts.net)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
          {inv.totals.discount !== 0 && (
            <>
              <dt className="text-muted-foreground">Discounts</dt>
              <dd className="text-right">{money(-inv.totals.discount)}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{money(inv.totals.net)}</dd>
          {inv.totals.taxes
            .filter((t) => t.category !== "zero" || inv.totals.taxes.length > 1)
            .map((t) => (
              <div key={`${t.category} ${t.rateBp}`} className="contents">
                <dt className="text-muted-foreground">
                  {t.category === "standard" ? `VAT ${formatRate(t.rateBp)}` : VAT_CATEGORY_FACTS[t.category].label} on {money(t.net)}
                </dt>
                <dd className="text-right">{money(t.tax)}</dd>
              </div>
            ))}
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold" data-testid="invoice-total">
            {money(inv.totals.total)}
          </dd>
        </dl>
        {vatNotes(inv.lines.map(lineVatCategory)).map((note) => (
          <p key={note} className="text-sm text-muted-foreground" data-testid="vat-note">
            {note}
          </p>
        ))}
        {inv.notes && <p className="whitespace-pre-wrap text-sm text-muted-foreground">{inv.notes}</p>}
        {inv.creditNotes.length > 0 && (
          <div className="text-sm">
            <h2 className="mb-1 font-medium">Credit notes</h2>
            <ul className="grid gap-1">
              {inv.creditNotes.map((c) => (
                <li key={c.id} className="flex justify-between gap-4">
                  <Link className="underline" href={hrefFor(c.id)}>
                    {c.number}
                  </Link>
                  <span className="tabular-nums">
                    {money(c.total)} · {INVOICE_STATUS_LABELS[c.status]}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Payments({ invoice: inv, admin }: { invoice: Invoice; admin: boolean }) {
  const money = (minor: number) => formatMoney(minor, inv.currency);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Payments</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {inv.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payment recorded yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {inv.payments.map((p) => (
              <li key={p.id} className="flex justify-between gap-4">
                <span>
                  {formatInvoiceDate(p.paidOn)}
                  {p.note && <span className="text-muted-foreground"> · {p.note}</span>}
                </span>
                <span className="tabular-nums">{money(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="flex justify-between border-t pt-3 text-sm font-semibold">
          <span>Balance due</span>
          <span className="tabular-nums" data-testid="invoice-balance">
            {money(inv.balance)}
          </span>
        </p>
        {admin && inv.status === "sent" && inv.balance > 0 && <PaymentForm invoice={inv} />}
      </CardContent>
    </Card>
  );
}

function PaymentForm({ invoice: inv }: { invoice: Invoice }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const loadForm = () => import("./forms").then((m) => m.paymentForm(inv.currency));
  const form = useLazyZodForm(loadForm, { defaultValues: { amount: "", paidOn: today(), note: "" } });
  const record = useMutation(
    trpc.invoices.recordPayment.mutationOptions({
      onSuccess: ({ status }) => {
        toast({ title: status === "paid" ? `${inv.number} is paid` : "Payment recorded" });
        form.reset({ amount: "", paidOn: form.getValues("paidOn"), note: "" });
        void queryClient.invalidateQueries(trpc.invoices.pathFilter());
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit(({ amount, paidOn, note }) =>
    record.mutate({ id: inv.id, amount, paidOn, ...(note ? { note } : {}) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[8rem_10rem_1fr_auto] sm:items-start">
      <Field label="Amount" error={fieldError(form, "amount")}>
        {(control) => <Input {...control} inputMode="decimal" {...form.register("amount")} />}
      </Field>
      <Field label="Paid on" error={fieldError(form, "paidOn")}>
        {(control) => <Input {...control} type="date" {...form.register("paidOn")} />}
      </Field>
      <Field label="Note" error={fieldError(form, "note")}>
        {(control) => <Input {...control} placeholder="Bank transfer" {...form.register("note")} />}
      </Field>
      {/* Level with the fields, below their labels. */}
      <div className="sm:mt-5">
        <SubmitButton pending={record.isPending} pendingLabel="Recording…">
          Record payment
        </SubmitButton>
      </div>
      <div className="sm:col-span-4">
        <FormError error={record.error} fieldsShown />
      </div>
    </form>
  );
}

function CreditNoteButton({ invoice: inv, hrefFor }: { invoice: Invoice; hrefFor: (id: string) => string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const create = useMutation(
    trpc.invoices.creditNote.mutationOptions({
      onSuccess: ({ id, number }) => {
        toast({ title: `${number} started as a draft` });
        router.push(hrefFor(id));
      },
      onError: toastError,
    }),
  );
  if (inv.kind !== "invoice" || (inv.status !== "sent" && inv.status !== "paid")) return null;
  return (
    <Button size="sm" variant="outline" disabled={create.isPending} onClick={() => create.mutate({ id: inv.id })}>
      Credit note
    </Button>
  );
}

function DraftEditor({ invoice: inv, onDone }: { invoice: Invoice; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The business's newest projects, one page of them.
  const projects = useQuery(trpc.projects.list.queryOptions({ archived: false, businessId: inv.businessId }));
  const loadForm = () => import("./forms").then((m) => m.invoiceForm(inv.currency));
  const form = useLazyZodForm(loadForm, {
    defaultValues: {
      businessId: inv.businessId,
      projectId: inv.projectId ?? "",
      dueAt: inv.dueAt ?? "",
      notes: inv.notes ?? "",
      lines: inv.lines.map((l) => toLineFields(l, inv.currency)),
    },
  });
  const update = useMutation(
    trpc.invoices.update.mutationOptions({
      onSuccess: () => {
        toast({ title: `${inv.number} saved` });
        void queryClient.invalidateQueries(trpc.invoices.pathFilter());
        onDone();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit(({ dueAt, notes, lines }) =>
    update.mutate({ id: inv.id, projectId: inv.projectId, dueAt: dueAt || null, notes, lines: toApiLines(lines) }),
  );
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <Field label="Due" className="max-w-xs" error={fieldError(form, "dueAt")}>
            {(control) => <Input {...control} type="date" {...form.register("dueAt")} />}
          </Field>
          <InvoiceLinesEditor form={form} currency={inv.currency} kind={inv.kind} projects={projects.data?.items ?? []} />
          <Field label="Notes" error={fieldError(form, "notes")}>
            {(control) => <Textarea {...control} {...form.register("notes")} />}
          </Field>
          <FormError error={update.error} fieldsShown />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
            <SubmitButton pending={update.isPending} pendingLabel="Saving…">
              Save draft
            </SubmitButton>
          </div>
        </CardContent>
      </form>
    </Card>
  );
}
