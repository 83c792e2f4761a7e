// Which stored file a download link names and whose it is, and who holds a link now: links are checked when used.
import type { Db } from "./create-db";

/** A file as its page links to it: a project's file, a brand library's, or one of a proof round's. */
export type StoredFileRef =
  | { scope: "project"; fileId: string }
  | { scope: "brand"; fileId: string }
  | { scope: "proof"; proofId: string; fileId: string };

export interface StoredFileOwner {
  key: string;
  name: string;
  /** The business whose project or brand library holds the file. */
  businessId: string;
}

export function findStoredFile(db: Db, ref: StoredFileRef): Promise<StoredFileOwner | undefined> {
  switch (ref.scope) {
    case "project":
      return db
        .selectFrom("projectFiles")
        .innerJoin("projects", "projects.id", "projectFiles.projectId")
        .select(["projectFiles.key", "projectFiles.name", "projects.businessId"])
        .where("projectFiles.id", "=", ref.fileId)
        .executeTakeFirst();
    case "brand":
      return db.selectFrom("brandFiles").select(["key", "name", "businessId"]).where("id", "=", ref.fileId).executeTakeFirst();
    case "proof":
      return db
        .selectFrom("proofFiles")
        .innerJoin("proofs", "proofs.id", "proofFiles.proofId")
        .innerJoin("projects", "projects.id", "proofs.projectId")
        .select(["proofFiles.key", "proofFiles.name", "projects.businessId"])
        .where("proofFiles.proofId", "=", ref.proofId)
        .where("proofFiles.fileId", "=", ref.fileId)
        .executeTakeFirst();
  }
}

/** A person as links check them when used: their role and business now, or undefined once deactivated. */
export function findActiveViewer(db: Db, id: string) {
  return db
    .selectFrom("users")
    .select(["id", "role", "businessId"])
    .where("id", "=", id)
    .where("deactivatedAt", "is", null)
    .executeTakeFirst();
}
