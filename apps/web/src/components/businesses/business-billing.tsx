"use client";
// What a business's page shows of its billing beyond its invoices, loaded after the page (one chunk, docs/performance.md):
// its retainer (docs/retainers.md), and for an admin its unbilled requests (docs/services.md) and time (docs/time.md).
import UnbilledRequests from "~/components/invoices/unbilled-requests";
import RetainerCard from "~/components/retainers/retainer-card";
import UnbilledTime from "~/components/time/unbilled-time";
import type { BusinessPageData } from "./types";

export default function BusinessBilling({ business: b }: { business: BusinessPageData }) {
  const admin = !!b.invoices;
  return (
    <>
      <RetainerCard businessId={b.id} currency={b.currency} edit={b.canEdit} bill={admin} />
      {admin && <UnbilledRequests businessId={b.id} businessName={b.name} />}
      {admin && <UnbilledTime businessId={b.id} businessName={b.name} />}
    </>
  );
}
