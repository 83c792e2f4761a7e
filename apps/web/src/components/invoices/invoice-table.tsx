"use client";
// Invoices as a table, with their lines on demand; used by the admin's Invoices page and a client's Billing page.
import type { RouterOutputs } from "@atelier/api";
import {
  formatInvoiceDate,
  formatMoney,
  INVOICE_STATUS_LABELS,
  type InvoiceKind,
  type InvoiceStatus,
  isOverdue,
  lineAmounts,
  utcDay,
} from "@atelier/domain";
import { Badge, cn } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Fragment, type ReactNode, useState } from "react";
import { useTRPC } from "~/trpc/react";

/** An invoice as the lists answer it (invoices.list, billing.invoices and a business's page share one query). */
type InvoiceRow = RouterOutputs["invoices"]["list"]["items"][number];

export const STATUS_STYLE: Record<InvoiceStatus, string> = {
  draft: "",
  sent: "border-blue-500/40 text-blue-700 dark:text-blue-300",
  paid: "border-emerald-500/40 text-emerald-700 dark:text-emerald-300",
  void: "text-muted-foreground line-through",
};

function Lines({ invoiceId, currency, kind }: { invoiceId: string; currency: string; kind: InvoiceKind }) {
  const trpc = useTRPC();
  const lines = useQuery(trpc.invoices.lines.queryOptions({ id: invoiceId }));
  if (!lines.data) return <p className="text-sm text-muted-foreground">{lines.error ? lines.error.message : "Loading…"}</p>;
  return (
    <table className="w-full text-sm">
      <tbody>
        {lines.data.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines come in their stored order and never move
          <tr key={i}>
            <td className="py-1">{l.description}</td>
            <td className="py-1 text-right text-muted-foreground">
              {l.quantity} × {formatMoney(l.unitAmount, currency)}
            </td>
            <td className="w-32 py-1 text-right">{formatMoney(lineAmounts(l, kind).net, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function InvoiceTable({
  invoices,
  showBusiness,
  actions,
  hrefFor,
}: {
  invoices: InvoiceRow[];
  showBusiness: boolean;
  actions?: (invoice: InvoiceRow) => ReactNode;
  /** The invoice's own page. */
  hrefFor: (id: string) => string;
}) {
  const [open, setOpen] = useState<string | null>(null);
  // Due dates are calendar dates, compared as the server counts them (UTC).
  const today = utcDay(new Date());
  return (
    // On a phone each invoice is a card (number and total, business and status, then its actions); a table from sm up.
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-sm max-sm:block sm:wrap-normal [&_td]:px-2 [&_td]:py-2 max-sm:[&_td]:p-0 sm:[&_td]:px-4 [&_th]:px-2 [&_th]:py-2 sm:[&_th]:px-4">
        <thead className="bg-muted/50 text-left text-muted-foreground max-sm:hidden">
          <tr>
            <th className="font-medium">Invoice</th>
            {showBusiness && <th className="font-medium">Business</th>}
            <th className="hidden font-medium md:table-cell">Project</th>
            <th className="hidden font-medium sm:table-cell">Due</th>
            <th className="font-medium">Status</th>
            <th className="text-right font-medium">Total</th>
            {actions && <th />}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {invoices.map((inv) => (
            <Fragment key={inv.id}>
              <tr
                className="border-t max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:p-4 max-sm:first:border-t-0"
                data-testid="invoice-row"
              >
                <td className="max-sm:col-start-1 max-sm:row-start-1">
                  <Link
                    className="inline-flex items-center font-medium underline-offset-4 hover:underline max-sm:min-h-11"
                    href={hrefFor(inv.id)}
                  >
                    {inv.number}
                  </Link>
                  <div className="text-xs text-muted-foreground">
                    {inv.kind === "credit_note" ? "Credit note · " : ""}
                    {formatInvoiceDate(inv.createdAt)} ·{" "}
                    <button
                      type="button"
                      className="underline max-sm:-mx-2 max-sm:px-2 max-sm:py-4"
                      aria-expanded={open === inv.id}
                      aria-label={`${open === inv.id ? "Hide" : "Show"} the lines of ${inv.number}`}
                      onClick={() => setOpen(open === inv.id ? null : inv.id)}
                    >
                      {open === inv.id ? "Hide lines" : "Lines"}
                    </button>
                    {inv.dueAt && <span className="sm:hidden"> · due {formatInvoiceDate(inv.dueAt)}</span>}
                  </div>
                </td>
                {showBusiness && <td className="max-sm:col-start-1 max-sm:row-start-2 max-sm:text-muted-foreground">{inv.businessName}</td>}
                <td className="hidden md:table-cell">{inv.projectTitle ?? "—"}</td>
                <td className="hidden whitespace-nowrap sm:table-cell">
                  {inv.dueAt ? formatInvoiceDate(inv.dueAt) : "—"}
                  {isOverdue(inv, today) && (
                    <Badge variant="destructive" className="ml-2">
                      Overdue
                    </Badge>
                  )}
                </td>
                <td className="max-sm:col-start-2 max-sm:row-start-2 max-sm:text-right">
                  <Badge variant="outline" className={cn(STATUS_STYLE[inv.status])}>
                    {INVOICE_STATUS_LABELS[inv.status]}
                  </Badge>
                </td>
                <td className="whitespace-nowrap text-right font-medium tabular-nums max-sm:col-start-2 max-sm:row-start-1">
                  {formatMoney(inv.total, inv.currency)}
                </td>
                {actions && (
                  <td className="text-right max-sm:col-span-2 max-sm:row-start-3 max-sm:pt-2 max-sm:[&>div]:justify-start">
                    {actions(inv)}
                  </td>
                )}
              </tr>
              {open === inv.id && (
                <tr className="bg-muted/30 max-sm:block max-sm:px-4 max-sm:pb-3">
                  <td colSpan={7} className="max-sm:block">
                    <Lines invoiceId={inv.id} currency={inv.currency} kind={inv.kind} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
