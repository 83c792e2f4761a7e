import { ProjectList } from "~/components/project-list";

export default function ArchivePage() {
  return <ProjectList archived />;
}
