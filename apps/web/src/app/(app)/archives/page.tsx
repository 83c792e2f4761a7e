import { PrefetchedProjectList } from "~/components/projects/prefetched-project-list";

export default function ArchivePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <PrefetchedProjectList archived searchParams={searchParams} />;
}
