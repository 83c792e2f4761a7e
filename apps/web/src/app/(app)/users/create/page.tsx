import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Create User" />
      <EmptyState title="Nothing here yet" description="Inviting users is not open yet on this installation." />
    </>
  );
}
