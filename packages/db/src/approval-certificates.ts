// Queries behind approval certificates (docs/approval-certificate.md): what an approved round's record is made of, and
// the signed certificates themselves, one per round.
import type { Db } from "./create-db";
import { listProofReviewers } from "./proof-reviewers";

/** An approved round with its project, business, files and approval (the approver's account or guest identity). */
export async function approvedRoundForCertificate(db: Db, proofId: string) {
  const round = await db
    .selectFrom("proofs")
    .innerJoin("projects", "projects.id", "proofs.projectId")
    .innerJoin("businesses", "businesses.id", "projects.businessId")
    .innerJoin("proofApprovals", "proofApprovals.proofId", "proofs.id")
    .leftJoin("users", "users.id", "proofApprovals.approvedBy")
    .select([
      "proofs.id as proofId",
      "proofs.round",
      "proofs.createdAt as sentAt",
      "projects.id as projectId",
      "projects.name as projectName",
      "projects.title as projectTitle",
      "businesses.name as businessName",
      "proofApprovals.approvedAt",
      "proofApprovals.sha256s",
      "proofApprovals.verifiedBy",
      "proofApprovals.guestName",
      "proofApprovals.guestEmail",
      "proofApprovals.ipAddress",
      "proofApprovals.userAgent",
      "users.name as approverName",
      "users.email as approverEmail",
    ])
    .where("proofs.id", "=", proofId)
    .where("proofs.status", "=", "approved")
    .executeTakeFirst();
  if (!round) return undefined;
  const files = await db
    .selectFrom("proofFiles")
    .select(["name", "size", "sha256"])
    .where("proofId", "=", proofId)
    .orderBy("position")
    .execute();
  // A round that named approvers: each decision made on it, in step order, with where it came from.
  const chain = (await listProofReviewers(db, proofId)).flatMap((r) =>
    r.decision === null || r.decidedAt === null || r.verifiedBy === null
      ? []
      : [
          {
            email: r.email,
            name: r.userName ?? r.guestName,
            role: r.role,
            step: r.step,
            decision: r.decision,
            reason: r.reason,
            decidedAt: r.decidedAt,
            verifiedBy: r.verifiedBy,
            ipAddress: r.ipAddress,
            userAgent: r.userAgent,
          },
        ],
  );
  return { ...round, files, chain };
}

export function findCertificateOfProof(db: Db, proofId: string) {
  return db.selectFrom("approvalCertificates").selectAll().where("proofId", "=", proofId).executeTakeFirst();
}

export function findCertificate(db: Db, id: string) {
  return db.selectFrom("approvalCertificates").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Keeps a round's certificate; when another request made one first, that one stands and is answered. */
export async function saveCertificate(
  db: Db,
  certificate: { id: string; proofId: string; record: string; signature: string; keyId: string; createdAt: Date },
) {
  await db
    .insertInto("approvalCertificates")
    .values(certificate)
    .onConflict((oc) => oc.column("proofId").doNothing())
    .execute();
  const kept = await findCertificateOfProof(db, certificate.proofId);
  if (!kept) throw new Error(`The certificate of proof ${certificate.proofId} was not kept.`);
  return kept;
}
