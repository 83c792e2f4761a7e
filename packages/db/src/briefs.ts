// A project's brief (docs/services.md, "Intake forms"): the service's form as it was answered and the answers, kept
// on the project; and the studio's edits of it, newest first, each naming who changed what.
import type { Brief, BriefChange } from "@atelier/domain";
import type { Db } from "./create-db";

export interface BriefEdit {
  id: string;
  editedAt: Date;
  editorName: string | null;
  changes: BriefChange[];
}

/** A project's brief (null when it was started without a form), the service it was asked as, and the brief's edits. */
export async function projectBrief(
  db: Db,
  projectId: string,
): Promise<{ brief: Brief | null; service: { id: string; name: string } | null; edits: BriefEdit[] }> {
  const [row, edits] = await Promise.all([
    db
      .selectFrom("projects as p")
      .leftJoin("services as s", "s.id", "p.serviceId")
      .select(["p.brief", "s.id as serviceId", "s.name as serviceName"])
      .where("p.id", "=", projectId)
      .executeTakeFirst(),
    db
      .selectFrom("projectBriefEdits as e")
      .leftJoin("users as u", "u.id", "e.editedBy")
      .select(["e.id", "e.editedAt", "e.changes", "u.name as editorName"])
      .where("e.projectId", "=", projectId)
      .orderBy("e.editedAt", "desc")
      .orderBy("e.id", "desc")
      .limit(50)
      .execute(),
  ]);
  return {
    brief: row?.brief ?? null,
    service: row?.serviceId && row.serviceName !== null ? { id: row.serviceId, name: row.serviceName } : null,
    edits,
  };
}

/** The brief as it stands, its row locked until the transaction ends: an edit reads, compares and writes it once. */
export async function lockProjectBrief(trx: Db, projectId: string): Promise<Brief | null> {
  const row = await trx.selectFrom("projects").select("brief").where("id", "=", projectId).forUpdate().executeTakeFirst();
  return row?.brief ?? null;
}

/** Writes a brief's new answers with the record of what changed. */
export async function saveBriefEdit(
  trx: Db,
  edit: { id: string; projectId: string; editedBy: string; editedAt: Date; brief: Brief; changes: BriefChange[] },
): Promise<void> {
  await trx
    .updateTable("projects")
    .set({ brief: JSON.stringify(edit.brief) })
    .where("id", "=", edit.projectId)
    .execute();
  await trx
    .insertInto("projectBriefEdits")
    .values({
      id: edit.id,
      projectId: edit.projectId,
      editedBy: edit.editedBy,
      editedAt: edit.editedAt,
      changes: JSON.stringify(edit.changes),
    })
    .execute();
}
