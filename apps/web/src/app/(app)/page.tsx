import { EmptyState, PageHeader } from "~/components/empty-state";

export default function Page() {
  return (
    <>
      <PageHeader title="Projects" />
      <EmptyState title="Nothing here yet" description="Projects you request or work on will be listed here." action={{ href: "/projects/create", label: "Create Project" }} />
    </>
  );
}
