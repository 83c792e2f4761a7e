import { ProjectList } from "~/components/projects/project-list";
import { StudioContacts } from "~/components/projects/studio-contacts";

export default function ProjectsPage() {
  return (
    <>
      <StudioContacts />
      <ProjectList archived={false} />
    </>
  );
}
