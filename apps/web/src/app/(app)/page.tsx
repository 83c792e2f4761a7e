import { PrefetchedProjectList } from "~/components/projects/prefetched-project-list";
import { StudioContacts } from "~/components/projects/studio-contacts";

export default function ProjectsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <>
      <StudioContacts />
      <PrefetchedProjectList archived={false} searchParams={searchParams} />
    </>
  );
}
