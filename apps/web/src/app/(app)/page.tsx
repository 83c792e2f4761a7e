import { ProjectList } from "~/components/project-list";
import { StudioContacts } from "~/components/studio-contacts";

export default function ProjectsPage() {
  return (
    <>
      <StudioContacts />
      <ProjectList archived={false} />
    </>
  );
}
