import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Create Business" />
      <EmptyState title="Nothing here yet" description="Adding businesses is not open yet on this installation." />
    </>
  );
}
