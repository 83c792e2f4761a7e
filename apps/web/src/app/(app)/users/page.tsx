import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Users" />
      <EmptyState title="Nothing here yet" description="Everyone with access to the studio will be listed here." />
    </>
  );
}
