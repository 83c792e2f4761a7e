// Who hears of a project's thread by mail: the people it concerns, not everyone who could see it. The bell and the
// thread still show every comment to whoever may see it (canSeeComment); mail is for those involved.
import { isAdmin, isStaff, type Role } from "./roles";

export interface MailPerson {
  id: string;
  role: Role;
  businessId: string | null;
}

/** What decides who is involved in a project: its business, its designer, who started it and who wrote in it. */
export interface ProjectInvolvement {
  businessId: string;
  assigneeId: string | null;
  createdBy: string | null;
  /** Everyone who has written in its thread. */
  participantIds: ReadonlySet<string>;
}

/**
 * Whether mail about a project goes to this person: the people of its business; in the studio, its assigned designer,
 * whoever started it or wrote in its thread, and the admins while nobody is assigned (someone has to pick it up: an
 * admin follows the projects they started, wrote in, or that wait for a designer). Whether they may see a given comment
 * is canSeeComment's question, asked again when the mail goes.
 */
export function isInvolvedInProject(person: MailPerson, project: ProjectInvolvement): boolean {
  if (!isStaff(person.role)) return person.businessId === project.businessId;
  return (
    person.id === project.assigneeId ||
    person.id === project.createdBy ||
    project.participantIds.has(person.id) ||
    (isAdmin(person.role) && project.assigneeId === null)
  );
}
