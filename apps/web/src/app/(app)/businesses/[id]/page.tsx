"use client";
// A business's page: its details, people, projects, invoices (admins) and brand library.
import { Skeleton } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useParams } from "next/navigation";
import { BrandLibrary } from "~/components/businesses/brand-library";
import { BusinessDetails } from "~/components/businesses/business-details";
import { BusinessInvoices, BusinessMembers, BusinessProjects } from "~/components/businesses/business-lists";
import { EmptyState } from "~/components/common/empty-state";
import { useTRPC } from "~/trpc/react";

// Its retainer, and an admin's unbilled requests and time, loaded after the page.
const BusinessBilling = dynamic(() => import("~/components/businesses/business-billing"), { ssr: false });

export default function BusinessPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const business = useQuery(trpc.businesses.byId.queryOptions({ id }));
  if (business.isPending) return <Skeleton className="h-96" />;
  if (!business.data) return <EmptyState title="No such business" description="It does not exist, or it is not yours to see." />;
  const b = business.data;
  return (
    <div className="grid max-w-5xl gap-4">
      <BusinessDetails business={b} />
      <div className="grid gap-4 md:grid-cols-2">
        <BusinessMembers members={b.members} />
        <BusinessProjects projects={b.projects} />
      </div>
      {b.invoices && b.balances && <BusinessInvoices invoices={b.invoices} balances={b.balances} />}
      <BusinessBilling business={b} />
      <BrandLibrary business={b} />
    </div>
  );
}
