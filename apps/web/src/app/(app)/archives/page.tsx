import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Archive" />
      <EmptyState title="Nothing here yet" description="Finished and approved projects will be kept here." />
    </>
  );
}
