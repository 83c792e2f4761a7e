"use client";
// Billing: a client's invoices from the studio; the studio itself manages invoices under Invoices.
import { formatMoney, isAdmin, isStaff } from "@atelier/domain";
import { Skeleton } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { InvoiceTable } from "~/components/invoice-table";
import { useTRPC } from "~/trpc/react";

export default function BillingPage() {
  const trpc = useTRPC();
  const { data: session } = useSession();
  const invoices = useQuery(trpc.billing.invoices.queryOptions());
  const staff = session ? isStaff(session.user.role) : false;
  const outstanding = (invoices.data ?? []).filter((i) => i.status === "sent").reduce((sum, i) => sum + i.total, 0);

  if (staff) {
    return (
      <>
        <PageHeader title="Billing" />
        <EmptyState
          title="Billing is for clients"
          description={
            session && isAdmin(session.user.role)
              ? "The studio's invoices are managed under Invoices."
              : "Clients see the studio's invoices to their business here."
          }
          {...(session && isAdmin(session.user.role) ? { action: { href: "/invoices", label: "Go to Invoices" } } : {})}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Billing" description="Invoices from the studio to your business." />
      {invoices.isPending && <Skeleton className="h-40" />}
      {invoices.data?.length === 0 && (
        <EmptyState title="No invoices yet" description="Invoices from the studio will appear here once they are sent." />
      )}
      {invoices.data && invoices.data.length > 0 && (
        <>
          <p className="mb-4 text-sm">
            Outstanding:{" "}
            <strong className="tabular-nums" data-testid="outstanding">
              {formatMoney(outstanding)}
            </strong>
          </p>
          <InvoiceTable invoices={invoices.data} showBusiness={false} />
        </>
      )}
    </>
  );
}
