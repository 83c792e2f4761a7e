import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Workload" />
      <EmptyState title="Nothing here yet" description="Who is working on what will be shown here." />
    </>
  );
}
