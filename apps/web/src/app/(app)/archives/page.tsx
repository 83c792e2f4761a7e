import { ProjectList } from "~/components/projects/project-list";

export default function ArchivePage() {
  return <ProjectList archived />;
}
