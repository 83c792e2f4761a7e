"use client";
// The admin's moves on an invoice (Send, Mark paid, Void), each confirmed first; used by the list and the invoice page.
import type { RouterOutputs } from "@atelier/api";
import {
  formatMoney,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  legalGapsMessage,
  nextInvoiceStatuses,
  studioLegalGaps,
} from "@atelier/domain";
import { toast } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { ConfirmButton } from "~/components/common/confirm-button";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

/** An invoice from the list or its own page; `balance` is what is left to pay, which Mark paid records. */
type Subject = Pick<RouterOutputs["invoices"]["byId"], "id" | "number" | "kind" | "status" | "businessName" | "currency"> &
  Partial<Pick<RouterOutputs["invoices"]["byId"], "balance">>;

function question(invoice: Subject, status: InvoiceStatus) {
  const what = invoice.kind === "credit_note" ? "credit note" : "invoice";
  switch (status) {
    case "sent":
      return {
        label: "Send",
        title: `Send ${invoice.number}?`,
        description: `The ${what} is mailed as a PDF to ${invoice.businessName}'s billing contacts and can no longer be edited; a credit note corrects it afterwards.`,
        confirmLabel: `Send ${what}`,
      };
    case "paid":
      return {
        label: "Mark paid",
        title: `Mark ${invoice.number} paid?`,
        description:
          invoice.balance === undefined
            ? "What is left to pay is recorded as paid today."
            : `${formatMoney(invoice.balance, invoice.currency)} is recorded as paid today, and the invoice is settled.`,
        confirmLabel: "Mark paid",
      };
    default:
      return {
        label: "Void",
        title: `Void ${invoice.number}?`,
        description: `A void ${what} stays on record but bills nothing. This cannot be undone.`,
        confirmLabel: `Void ${what}`,
      };
  }
}

export function InvoiceActions({ invoice, onDeleted }: { invoice: Subject; onDeleted?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A draft may be thrown away; time it billed (docs/time.md) is unbilled again.
  const deleteDraft = useMutation(
    trpc.invoices.deleteDraft.mutationOptions({
      onSuccess: async () => {
        toast({ title: `Draft ${invoice.number} deleted` });
        onDeleted?.();
        await queryClient.invalidateQueries(trpc.invoices.pathFilter());
        await queryClient.invalidateQueries(trpc.time.pathFilter());
      },
      onError: toastError,
    }),
  );
  const setStatus = useMutation(
    trpc.invoices.setStatus.mutationOptions({
      onSuccess: ({ status }) => {
        toast({ title: `${invoice.number} ${INVOICE_STATUS_LABELS[status].toLowerCase()}` });
        void queryClient.invalidateQueries(trpc.invoices.pathFilter());
      },
      onError: toastError,
    }),
  );
  const statuses = nextInvoiceStatuses(invoice.status).filter((s) => !(s === "paid" && invoice.kind === "credit_note"));
  // A draft cannot be sent while the studio's legal details are incomplete: said before Send is pressed.
  const studio = useQuery({ ...trpc.invoices.billingProfile.queryOptions(), enabled: statuses.includes("sent") });
  const gaps = studio.data && statuses.includes("sent") ? studioLegalGaps(studio.data) : [];
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {gaps.length > 0 && (
        <p className="w-full text-right text-xs text-muted-foreground" data-testid="legal-gaps-notice">
          {legalGapsMessage(gaps)}{" "}
          <Link href="/settings" className="underline underline-offset-2">
            Open Billing
          </Link>
        </p>
      )}
      {statuses.map((status) => (
        <ConfirmButton
          key={status}
          {...question(invoice, status)}
          variant={status === "void" ? "ghost" : "outline"}
          pending={setStatus.isPending}
          onConfirm={() => setStatus.mutate({ id: invoice.id, status })}
        />
      ))}
      {/* On the invoice's own page (which says where to go after), not on every row of a list. */}
      {invoice.status === "draft" && onDeleted && (
        <ConfirmButton
          label="Delete draft"
          title={`Delete draft ${invoice.number}?`}
          description="The draft and its lines are removed; any time it billed can be billed again. This cannot be undone."
          confirmLabel="Delete draft"
          variant="ghost"
          pending={deleteDraft.isPending}
          onConfirm={() => deleteDraft.mutateAsync({ id: invoice.id })}
        />
      )}
    </div>
  );
}
