import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Create Project" />
      <EmptyState title="Nothing here yet" description="Project requests are not open yet on this installation." />
    </>
  );
}
