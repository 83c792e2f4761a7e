import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Businesses" />
      <EmptyState title="Nothing here yet" description="The businesses the studio works for will be listed here." />
    </>
  );
}
