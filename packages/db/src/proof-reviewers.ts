// Queries on a proof round's reviewers and their decisions (docs/approval-chains.md); the rule that combines the
// decisions is domain/approval-chains.ts (chainState), applied by the API.
import type { Decision, ReviewerRole, VerificationMethod } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";

/** Locks the round's row for the rest of the transaction, so decisions on one round are combined one at a time. */
export async function lockProof(db: Db, proofId: string) {
  return db.selectFrom("proofs").select(["id", "status"]).where("id", "=", proofId).forUpdate().executeTakeFirst();
}

/**
 * A round's reviewers in the order named, each with the name of the account their address belongs to (if any), and
 * their decision: what, why, when, by whom and how they were known.
 */
export async function listProofReviewers(db: Db, proofId: string) {
  const rows = await db
    .selectFrom("proofReviewers")
    .leftJoin("users", (join) => join.on(sql`lower(users.email)`, "=", sql.ref("proofReviewers.email")))
    .select([
      "proofReviewers.email",
      "proofReviewers.role",
      "proofReviewers.step",
      "proofReviewers.notifiedAt",
      "proofReviewers.decision",
      "proofReviewers.reason",
      "proofReviewers.decidedAt",
      "proofReviewers.verifiedBy",
      "proofReviewers.guestName",
      "proofReviewers.ipAddress",
      "proofReviewers.userAgent",
      "proofReviewers.sha256s",
      "proofReviewers.commentId",
      "users.id as userId",
      "users.name as userName",
    ])
    .where("proofReviewers.proofId", "=", proofId)
    .orderBy("proofReviewers.step")
    .orderBy("proofReviewers.position")
    .execute();
  // An address belongs to one account at most; a second join row (never expected) would repeat the reviewer.
  return rows.filter((row, i) => rows.findIndex((r) => r.email === row.email) === i);
}

/**
 * Names the round's reviewers anew; someone named again keeps when they were told their step started. Who was named
 * (or named with another role or step) and who was taken off is kept in the round's history.
 */
export async function replaceProofReviewers(
  db: Db,
  proofId: string,
  reviewers: readonly { email: string; role: ReviewerRole; step: number }[],
  addedBy: string,
  at: Date,
): Promise<void> {
  const before = await db
    .selectFrom("proofReviewers")
    .select(["email", "notifiedAt", "role", "step"])
    .where("proofId", "=", proofId)
    .execute();
  const changes = [
    ...before.filter((b) => !reviewers.some((r) => r.email === b.email)).map((b) => ({ ...b, change: "removed" as const })),
    ...reviewers
      .filter((r) => !before.some((b) => b.email === r.email && b.role === r.role && b.step === r.step))
      .map((r) => ({ ...r, change: "named" as const })),
  ];
  if (changes.length > 0)
    await db
      .insertInto("proofReviewerChanges")
      .values(
        changes.map((c) => ({ proofId, email: c.email, change: c.change, role: c.role, step: c.step, changedBy: addedBy, changedAt: at })),
      )
      .execute();
  await db.deleteFrom("proofReviewers").where("proofId", "=", proofId).execute();
  if (reviewers.length === 0) return;
  await db
    .insertInto("proofReviewers")
    .values(
      reviewers.map((r, position) => ({
        proofId,
        email: r.email,
        role: r.role,
        step: r.step,
        position,
        addedBy,
        notifiedAt: before.find((b) => b.email === r.email)?.notifiedAt ?? null,
      })),
    )
    .execute();
}

/** Marks reviewers as told that their step started; answers those not told before (so each is mailed once). */
export async function markReviewersNotified(db: Db, proofId: string, emails: readonly string[], at: Date): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .updateTable("proofReviewers")
    .set({ notifiedAt: at })
    .where("proofId", "=", proofId)
    .where("email", "in", emails)
    .where("notifiedAt", "is", null)
    .returning("email")
    .execute();
  return rows.map((r) => r.email);
}

/** Records an approver's decision; answers false when they had decided already. */
export async function recordDecision(
  db: Db,
  decision: {
    proofId: string;
    email: string;
    decision: Decision;
    reason: string | null;
    at: Date;
    by: string | null;
    verifiedBy: VerificationMethod;
    guestName: string | null;
    sha256s: string[] | null;
    commentId: string;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("proofReviewers")
    .set({
      decision: decision.decision,
      reason: decision.reason,
      decidedAt: decision.at,
      decidedBy: decision.by,
      verifiedBy: decision.verifiedBy,
      guestName: decision.guestName,
      sha256s: decision.sha256s,
      commentId: decision.commentId,
      ipAddress: decision.ipAddress,
      userAgent: decision.userAgent,
    })
    .where("proofId", "=", decision.proofId)
    .where("email", "=", decision.email)
    .where("decision", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The accounts behind addresses (lower case), to tell people of the studio or the business from guests, with their zones. */
export function usersByEmail(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "email", "name", "role", "businessId", "deactivatedAt", "timeZone"])
    .where(sql<string>`lower(email)`, "in", emails)
    .execute();
}

/** The newest link of a round still open to `email` (named on it, or open to anyone), to time a new one by. */
export function latestShareFor(db: Db, proofId: string, email: string, now: Date) {
  return db
    .selectFrom("guestShares")
    .select(["id", "expiresAt"])
    .where("proofId", "=", proofId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
    .where((eb) => eb.or([eb("emails", "is", null), eb(sql`${email}`, "=", sql`any(emails)`)]))
    .orderBy("expiresAt", "desc")
    .limit(1)
    .executeTakeFirst();
}
