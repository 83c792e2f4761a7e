// Queries on proofs, their files and approvals, pinned annotations, revision allowances and the digests of stored bytes.
import { guestLabel, isInternalNote, type ProofStatus, type VerificationMethod } from "@atelier/domain";
import type { Insertable } from "kysely";
import { notInternalNote } from "./comments";
import type { Db } from "./create-db";
import type { AnnotationsTable, ProofFilesTable } from "./schema";

/** A file of a new proof round; createProof gives it its round and position. */
export type NewProofFile = Omit<ProofFilesTable, "proofId" | "position">;

/** Locks the project row for the rest of the transaction, so two proofs never take the same round. */
export async function lockProjectRounds(db: Db, projectId: string): Promise<number | null> {
  await db.selectFrom("projects").select("id").where("id", "=", projectId).forUpdate().execute();
  const row = await db
    .selectFrom("proofs")
    .select((eb) => eb.fn.max("round").as("last"))
    .where("projectId", "=", projectId)
    .executeTakeFirst();
  return row?.last ?? null;
}

/** Writes a new round; a round still waiting for an answer is superseded by it. */
export async function createProof(
  db: Db,
  proof: {
    id: string;
    projectId: string;
    round: number;
    note: string | null;
    dueOn: string | null;
    sentBy: string;
    commentId: string;
    createdAt: Date;
  },
  files: readonly NewProofFile[],
): Promise<void> {
  await db
    .updateTable("proofs")
    .set({ status: "superseded" })
    .where("projectId", "=", proof.projectId)
    .where("status", "=", "sent")
    .execute();
  await db.insertInto("proofs").values(proof).execute();
  await db
    .insertInto("proofFiles")
    .values(files.map((f, position) => ({ ...f, proofId: proof.id, position })))
    .execute();
}

export function findProof(db: Db, id: string) {
  return db
    .selectFrom("proofs")
    .innerJoin("projects", "projects.id", "proofs.projectId")
    .select(["proofs.id", "proofs.projectId", "proofs.round", "proofs.status", "projects.businessId"])
    .where("proofs.id", "=", id)
    .executeTakeFirst();
}

export async function latestRound(db: Db, projectId: string): Promise<number | null> {
  const row = await db
    .selectFrom("proofs")
    .select((eb) => eb.fn.max("round").as("last"))
    .where("projectId", "=", projectId)
    .executeTakeFirst();
  return row?.last ?? null;
}

/** A project's proofs, newest round first, each with its files in order and its approval if it has one. */
export async function listProofs(db: Db, projectId: string) {
  const proofs = await db
    .selectFrom("proofs")
    .leftJoin("users as sender", "sender.id", "proofs.sentBy")
    .leftJoin("proofApprovals", "proofApprovals.proofId", "proofs.id")
    .leftJoin("users as approver", "approver.id", "proofApprovals.approvedBy")
    .select([
      "proofs.id",
      "proofs.round",
      "proofs.note",
      "proofs.dueOn",
      "proofs.status",
      "proofs.createdAt",
      "proofs.commentId",
      "proofs.changesAt",
      "proofs.revision",
      "proofs.billable",
      "proofs.changesVerifiedBy",
      "proofs.changesGuestName",
      "proofs.changesGuestEmail",
      "sender.name as senderName",
      "proofApprovals.approvedBy",
      "proofApprovals.actingForBusiness",
      "proofApprovals.approvedAt",
      "proofApprovals.sha256s",
      "proofApprovals.commentId as approvalCommentId",
      "proofApprovals.verifiedBy",
      "proofApprovals.guestName",
      "proofApprovals.guestEmail",
      "approver.name as approverName",
    ])
    .where("proofs.projectId", "=", projectId)
    .orderBy("proofs.round", "desc")
    .execute();
  const files = proofs.length
    ? await db
        .selectFrom("proofFiles")
        .selectAll()
        .where(
          "proofId",
          "in",
          proofs.map((p) => p.id),
        )
        .orderBy("proofId")
        .orderBy("position")
        .execute()
    : [];
  return proofs.map(
    ({
      approvedBy,
      actingForBusiness,
      approvedAt,
      sha256s,
      approvalCommentId,
      approverName,
      verifiedBy,
      guestName,
      guestEmail,
      ...proof
    }) => ({
      ...proof,
      files: files.filter((f) => f.proofId === proof.id).map(({ proofId: _, position: __, ...f }) => f),
      approval:
        approvedAt === null
          ? null
          : {
              by: approvedBy,
              byName: approverName ?? (guestName === null ? null : guestLabel(guestName)),
              actingFor: actingForBusiness,
              at: approvedAt,
              sha256s: sha256s ?? [],
              commentId: approvalCommentId,
              verifiedBy: verifiedBy ?? "session",
              guest: guestName === null ? null : { name: guestName, email: guestEmail ?? "" },
            },
    }),
  );
}

export function proofFiles(db: Db, proofId: string) {
  return db.selectFrom("proofFiles").selectAll().where("proofId", "=", proofId).orderBy("position").execute();
}

export function findProofFile(db: Db, proofId: string, fileId: string) {
  return db.selectFrom("proofFiles").selectAll().where("proofId", "=", proofId).where("fileId", "=", fileId).executeTakeFirst();
}

/** How many requests for changes the project's proofs have received. */
export async function revisionsUsed(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom("proofs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("projectId", "=", projectId)
    .where("changesAt", "is not", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Moves a waiting proof on; answers false when it no longer waits (another answer came first). */
async function answerProof(db: Db, proofId: string, status: ProofStatus, values: Record<string, unknown> = {}): Promise<boolean> {
  const result = await db
    .updateTable("proofs")
    .set({ ...values, status })
    .where("id", "=", proofId)
    .where("status", "=", "sent")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A guest who decided, by the name and address their e-mail code verified. */
export interface GuestDecider {
  name: string;
  email: string;
}

export function recordChangesRequested(
  db: Db,
  proofId: string,
  request: { by: string | null; forBusiness: string | null; at: Date; revision: number; billable: boolean; guest?: GuestDecider },
): Promise<boolean> {
  const verifiedBy: VerificationMethod = request.guest ? "email_code" : "session";
  return answerProof(db, proofId, "changes_requested", {
    changesBy: request.by,
    changesForBusiness: request.forBusiness,
    changesAt: request.at,
    revision: request.revision,
    billable: request.billable,
    changesVerifiedBy: verifiedBy,
    changesGuestName: request.guest?.name ?? null,
    changesGuestEmail: request.guest?.email ?? null,
  });
}

export async function recordApproval(
  db: Db,
  approval: {
    proofId: string;
    approvedBy: string | null;
    actingForBusiness: string | null;
    approvedAt: Date;
    round: number;
    sha256s: string[];
    commentId: string;
    guest?: GuestDecider;
    /** Where the decision came from: the client's address and browser as the web server saw them. */
    ipAddress?: string | null;
    userAgent?: string | null;
  },
): Promise<boolean> {
  if (!(await answerProof(db, approval.proofId, "approved"))) return false;
  const { guest, ...record } = approval;
  await db
    .insertInto("proofApprovals")
    .values({
      ...record,
      verifiedBy: guest ? "email_code" : "session",
      guestName: guest?.name ?? null,
      guestEmail: guest?.email ?? null,
    })
    .execute();
  return true;
}

/** The approval of the project's latest approved round, if any. */
export function latestApproval(db: Db, projectId: string) {
  return db
    .selectFrom("proofApprovals")
    .innerJoin("proofs", "proofs.id", "proofApprovals.proofId")
    .select(["proofApprovals.proofId", "proofApprovals.round", "proofApprovals.sha256s", "proofApprovals.approvedAt"])
    .where("proofs.projectId", "=", projectId)
    .orderBy("proofApprovals.round", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function revisionAllowance(db: Db, businessId: string): Promise<number> {
  return db
    .selectFrom("businesses")
    .select("revisionAllowance")
    .where("id", "=", businessId)
    .executeTakeFirstOrThrow()
    .then((r) => r.revisionAllowance);
}

export async function setRevisionAllowance(db: Db, businessId: string, allowance: number): Promise<boolean> {
  const result = await db.updateTable("businesses").set({ revisionAllowance: allowance }).where("id", "=", businessId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Writes a pin as it is made: unresolved, with who made it and when. */
export async function createAnnotation(
  db: Db,
  annotation: Omit<Insertable<AnnotationsTable>, "resolvedBy" | "resolvedAt"> & { createdBy: string | null; createdAt: Date },
): Promise<void> {
  await db.insertInto("annotations").values(annotation).execute();
}

/**
 * A proof's pins, oldest first, with their comment's text and author; internal ones left out when asked. A pin is
 * internal when its comment is an internal note: `shadow` is read from the comment's event.
 */
export async function listAnnotations(db: Db, proofId: string, options: { withoutShadow: boolean }) {
  let query = db
    .selectFrom("annotations")
    .innerJoin("comments", "comments.id", "annotations.commentId")
    .leftJoin("users", "users.id", "annotations.createdBy")
    .select([
      "annotations.id",
      "annotations.fileId",
      "annotations.page",
      "annotations.x",
      "annotations.y",
      "annotations.w",
      "annotations.h",
      "annotations.shape",
      "annotations.at",
      "comments.event",
      "annotations.commentId",
      "annotations.createdAt",
      "annotations.resolvedAt",
      "comments.body",
      "users.name as authorName",
      "annotations.guestName",
      "annotations.createdBy",
      "annotations.guestEmail",
    ])
    .where("annotations.proofId", "=", proofId);
  if (options.withoutShadow) query = query.where(notInternalNote("comments.event"));
  const rows = await query.orderBy("annotations.createdAt").orderBy("annotations.id").execute();
  return rows.map(({ event, guestName, authorName, ...row }) => ({
    ...row,
    authorName: authorName ?? (guestName === null ? null : guestLabel(guestName)),
    byGuest: guestName !== null,
    shadow: isInternalNote(event),
  }));
}

export function findAnnotation(db: Db, id: string) {
  return db
    .selectFrom("annotations")
    .innerJoin("proofs", "proofs.id", "annotations.proofId")
    .innerJoin("comments", "comments.id", "annotations.commentId")
    .select([
      "annotations.id",
      "annotations.proofId",
      "comments.event",
      "annotations.resolvedAt",
      "annotations.createdBy",
      "annotations.guestEmail",
      "proofs.projectId",
      "proofs.status as proofStatus",
    ])
    .where("annotations.id", "=", id)
    .executeTakeFirst();
}

/** A pin's mark drawn again: a point, a box or a shape, on the same file and page; its comment stays as written. */
export async function updateAnnotationMark(
  db: Db,
  id: string,
  mark: { x: number; y: number; w: number | null; h: number | null; shape: string | null },
): Promise<void> {
  await db.updateTable("annotations").set(mark).where("id", "=", id).execute();
}

/** A pin's mark removed; its comment stays in the thread, where it was said. */
export async function deleteAnnotation(db: Db, id: string): Promise<void> {
  await db.deleteFrom("annotations").where("id", "=", id).execute();
}

export async function setAnnotationResolved(db: Db, id: string, resolved: { by: string; at: Date } | null): Promise<void> {
  await db
    .updateTable("annotations")
    .set({ resolvedBy: resolved?.by ?? null, resolvedAt: resolved?.at ?? null })
    .where("id", "=", id)
    .execute();
}

/** The SHA-256 the server computed for the bytes stored at `key` in the version `etag`, if it did. */
export function findStoredDigest(db: Db, key: string, etag: string) {
  return db.selectFrom("storedFileDigests").select(["sha256", "size"]).where("key", "=", key).where("etag", "=", etag).executeTakeFirst();
}

export async function saveStoredDigest(db: Db, digest: { key: string; etag: string; sha256: string; size: number }): Promise<void> {
  await db
    .insertInto("storedFileDigests")
    .values(digest)
    .onConflict((oc) => oc.columns(["key", "etag"]).doNothing())
    .execute();
}

/** Every pin on a project's proofs, with where it lies (file, page, round), so thread entries can point at their pins. */
export function listProjectAnnotations(db: Db, projectId: string, options: { withoutShadow: boolean }) {
  let query = db
    .selectFrom("annotations")
    .innerJoin("proofs", "proofs.id", "annotations.proofId")
    .innerJoin("comments", "comments.id", "annotations.commentId")
    .innerJoin("proofFiles", (join) =>
      join.onRef("proofFiles.proofId", "=", "annotations.proofId").onRef("proofFiles.fileId", "=", "annotations.fileId"),
    )
    .select([
      "annotations.id",
      "annotations.commentId",
      "annotations.proofId",
      "annotations.fileId",
      "annotations.page",
      "annotations.at",
      "proofs.round",
      "proofFiles.name as fileName",
    ])
    .where("proofs.projectId", "=", projectId);
  if (options.withoutShadow) query = query.where(notInternalNote("comments.event"));
  return query.orderBy("annotations.createdAt").execute();
}
