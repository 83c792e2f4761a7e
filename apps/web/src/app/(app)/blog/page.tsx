import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Blog" />
      <EmptyState title="Nothing here yet" description="Studio posts will be listed here." />
    </>
  );
}
