"use client";
// Invoices: everything the studio has billed, moved along draft, sent, paid (or void).
import { Skeleton } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { InvoiceActions } from "~/components/invoice-actions";
import { InvoiceTable } from "~/components/invoice-table";
import { useTRPC } from "~/trpc/react";

export default function InvoicesPage() {
  const trpc = useTRPC();
  const invoices = useQuery(trpc.invoices.list.queryOptions());
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
          hrefFor={(id) => `/invoices/${id}`}
          actions={(inv) => <InvoiceActions invoice={inv} />}
        />
      )}
    </>
  );
}
