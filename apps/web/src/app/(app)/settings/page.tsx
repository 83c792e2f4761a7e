import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Billing" />
      <EmptyState title="Nothing here yet" description="Your plan, payment method and invoices will be shown here." />
    </>
  );
}
