"use client";
// Invoices: everything the studio has billed, moved along draft, sent, paid (or void).
import { INVOICE_STATUS_LABELS, nextInvoiceStatuses } from "@atelier/domain";
import { Button, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { InvoiceTable } from "~/components/invoice-table";
import { toastError } from "~/components/toast-error";
import { useTRPC } from "~/trpc/react";

const ACTION_LABELS = { sent: "Send", paid: "Mark paid", void: "Void", draft: "Back to draft" } as const;

export default function InvoicesPage() {
  const trpc = useTRPC();
  const invoices = useQuery(trpc.invoices.list.queryOptions());
  const setStatus = useMutation(
    trpc.invoices.setStatus.mutationOptions({
      onSuccess: ({ status }) => toast({ title: `Invoice ${INVOICE_STATUS_LABELS[status].toLowerCase()}` }),
      onError: toastError,
    }),
  );
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Drafts stay with the studio; a business sees an invoice once it is sent."
        action={{ href: "/invoices/create", label: "New invoice" }}
      />
      {invoices.isPending && <Skeleton className="h-40" />}
      {invoices.error && <EmptyState title="Invoices could not be loaded" description={invoices.error.message} />}
      {invoices.data?.length === 0 && (
        <EmptyState
          title="No invoices yet"
          description="Bill a business for delivered work."
          action={{ href: "/invoices/create", label: "New invoice" }}
        />
      )}
      {invoices.data && invoices.data.length > 0 && (
        <InvoiceTable
          invoices={invoices.data}
          showBusiness
          actions={(inv) => (
            <div className="flex justify-end gap-1">
              {nextInvoiceStatuses(inv.status).map((status) => (
                <Button
                  key={status}
                  size="sm"
                  variant={status === "void" ? "ghost" : "outline"}
                  disabled={setStatus.isPending}
                  onClick={() => setStatus.mutate({ id: inv.id, status })}
                >
                  {ACTION_LABELS[status]}
                </Button>
              ))}
            </div>
          )}
        />
      )}
    </>
  );
}
