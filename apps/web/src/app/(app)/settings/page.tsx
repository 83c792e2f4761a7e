"use client";
// Billing: a client's invoices from the studio, with their PDFs; for an admin, the studio's billing details; for a
// designer, the invoices they draft for an admin to send.
import { formatMoney, isAdmin, isStaff, type Role } from "@atelier/domain";
import { Skeleton } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useSession } from "next-auth/react";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { BillingDetailsForm, BusinessCurrencies } from "~/components/invoices/billing-details-form";
import { DownloadPdfButton } from "~/components/invoices/download-invoice";
import { InvoiceList } from "~/components/invoices/invoice-list";
import { InvoiceTable } from "~/components/invoices/invoice-table";
import { useTRPC } from "~/trpc/react";

// The business's retainer (docs/retainers.md), loaded after the page.
const RetainerCard = dynamic(() => import("~/components/retainers/retainer-card"), { ssr: false });

export default function BillingPage() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <>
      <Billing role={session.user.role} />
      <p className="mt-8 flex flex-wrap gap-x-6 text-sm">
        {isStaff(session.user.role) && (
          <Link className="inline-flex min-h-11 items-center underline underline-offset-4" href="/settings/services">
            Services and the studio's calendar
          </Link>
        )}
        <Link className="inline-flex min-h-11 items-center underline underline-offset-4" href="/settings/tokens">
          API tokens for other apps
        </Link>
        {isAdmin(session.user.role) && (
          <Link className="inline-flex min-h-11 items-center underline underline-offset-4" href="/settings/webhooks">
            Webhooks for other apps and chat
          </Link>
        )}
      </p>
    </>
  );
}

function Billing({ role }: { role: Role }) {
  if (isAdmin(role)) {
    return (
      <>
        <PageHeader
          title="Billing"
          description="The studio's details on its invoices; the invoices themselves are under Invoices."
          action={{ href: "/invoices", label: "Go to Invoices" }}
        />
        <div className="grid gap-6">
          <BillingDetailsForm />
          <BusinessCurrencies />
        </div>
      </>
    );
  }
  if (isStaff(role)) {
    return (
      <InvoiceList
        title="Billing"
        description="Draft invoices here for an admin to send; a business sees an invoice once it is sent."
        admin={false}
      />
    );
  }
  return <ClientBilling />;
}

function ClientBilling() {
  const trpc = useTRPC();
  const businessId = useSession().data?.user.businessId;
  const invoices = useQuery(trpc.billing.invoices.queryOptions());
  const rows = invoices.data ?? [];
  const outstanding = rows.reduce((sum, i) => sum + i.balance, 0);
  return (
    <>
      <PageHeader title="Billing" description="Invoices from the studio to your business." />
      {businessId && (
        <div className="mb-6">
          <RetainerCard businessId={businessId} currency="" />
        </div>
      )}
      {invoices.isPending && <Skeleton className="h-40" />}
      {invoices.data?.length === 0 && (
        <EmptyState title="No invoices yet" description="Invoices from the studio will appear here once they are sent." />
      )}
      {rows.length > 0 && (
        <>
          <p className="mb-4 text-sm">
            Outstanding:{" "}
            <strong className="tabular-nums" data-testid="outstanding">
              {formatMoney(outstanding, rows[0]?.currency)}
            </strong>
          </p>
          <InvoiceTable
            invoices={rows}
            showBusiness={false}
            hrefFor={(id) => `/settings/invoices/${id}`}
            actions={(inv) => <DownloadPdfButton invoiceId={inv.id} label="PDF" />}
          />
        </>
      )}
    </>
  );
}
