import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Invoices" />
      <EmptyState title="Nothing here yet" description="Invoices for delivered work will be listed here." />
    </>
  );
}
