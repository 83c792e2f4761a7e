// Queries of guest review links (docs/guest-review.md): shares of a proof round, the codes mailed to guests, the wrong
// tries per link and address, and guest sessions. Secrets arrive here already hashed; the rules are in the domain.
import type { Db } from "./create-db";

export async function createGuestShare(
  db: Db,
  share: {
    id: string;
    proofId: string;
    tokenHash: string;
    createdBy: string | null;
    createdAt: Date;
    expiresAt: Date;
    passwordHash: string | null;
    emails: string[] | null;
  },
): Promise<void> {
  await db.insertInto("guestShares").values(share).execute();
}

const shareColumns = [
  "guestShares.id",
  "guestShares.proofId",
  "guestShares.expiresAt",
  "guestShares.revokedAt",
  "guestShares.passwordHash",
  "guestShares.emails",
  "proofs.projectId",
  "projects.businessId",
] as const;

/** The share a link's token opens (by the token's hash), with its round's project; locked for the transaction when asked. */
export function findGuestShareByToken(db: Db, tokenHash: string, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom("guestShares")
    .innerJoin("proofs", "proofs.id", "guestShares.proofId")
    .innerJoin("projects", "projects.id", "proofs.projectId")
    .select(shareColumns)
    .where("guestShares.tokenHash", "=", tokenHash);
  if (options.lock) query = query.forUpdate("guestShares");
  return query.executeTakeFirst();
}

export function findGuestShare(db: Db, id: string) {
  return db
    .selectFrom("guestShares")
    .innerJoin("proofs", "proofs.id", "guestShares.proofId")
    .innerJoin("projects", "projects.id", "proofs.projectId")
    .select(shareColumns)
    .where("guestShares.id", "=", id)
    .executeTakeFirst();
}

/** A round's shares, newest first, for the studio: never their secrets, only whether a password is set. */
export async function listGuestShares(db: Db, proofId: string) {
  const rows = await db
    .selectFrom("guestShares")
    .leftJoin("users", "users.id", "guestShares.createdBy")
    .select([
      "guestShares.id",
      "guestShares.createdBy",
      "users.name as createdByName",
      "guestShares.createdAt",
      "guestShares.expiresAt",
      "guestShares.emails",
      "guestShares.passwordHash",
      "guestShares.revokedAt",
      "guestShares.lastOpenedAt",
    ])
    .where("guestShares.proofId", "=", proofId)
    .orderBy("guestShares.createdAt", "desc")
    .orderBy("guestShares.id")
    .execute();
  return rows.map(({ passwordHash, emails, ...row }) => ({ ...row, emails: emails ?? [], hasPassword: passwordHash !== null }));
}

/** Withdraws a share; answers false when it was withdrawn already. */
export async function revokeGuestShare(db: Db, id: string, revoked: { by: string; at: Date }): Promise<boolean> {
  const result = await db
    .updateTable("guestShares")
    .set({ revokedAt: revoked.at, revokedBy: revoked.by })
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function touchGuestShare(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable("guestShares").set({ lastOpenedAt: at }).where("id", "=", id).execute();
}

/** Code requests since `since`: on one link, or from one address on any link. */
export async function countGuestCodeRequests(db: Db, by: { shareId: string } | { email: string }, since: Date): Promise<number> {
  const row = await db
    .selectFrom("guestCodes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("createdAt", ">", since)
    .$if("shareId" in by, (q) => q.where("shareId", "=", (by as { shareId: string }).shareId))
    .$if("email" in by, (q) => q.where("email", "=", (by as { email: string }).email))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function recordGuestCode(
  db: Db,
  code: { id: string; shareId: string; email: string; name: string; codeHash: string | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insertInto("guestCodes").values(code).execute();
}

/** The newest code mailed for this link and address that is not used yet. */
export function latestGuestCode(db: Db, shareId: string, email: string) {
  return db
    .selectFrom("guestCodes")
    .select(["id", "name", "codeHash", "expiresAt"])
    .where("shareId", "=", shareId)
    .where("email", "=", email)
    .where("codeHash", "is not", null)
    .where("usedAt", "is", null)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function useGuestCode(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db.updateTable("guestCodes").set({ usedAt: at }).where("id", "=", id).where("usedAt", "is", null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the link is locked for the address (too many wrong codes). */
export async function guestCodeLocked(db: Db, shareId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("guestCodeFailures")
    .select("lockedAt")
    .where("shareId", "=", shareId)
    .where("email", "=", email)
    .executeTakeFirst();
  return row?.lockedAt != null;
}

/**
 * The wrong codes so far for the link and address, their row locked for the rest of the transaction: concurrent
 * checks of codes for one address take turns, so no more than the allowed number of guesses is ever compared.
 */
export async function lockGuestCodeFailures(db: Db, shareId: string, email: string) {
  await db
    .insertInto("guestCodeFailures")
    .values({ shareId, email, wrong: 0, lockedAt: null })
    .onConflict((oc) => oc.columns(["shareId", "email"]).doNothing())
    .execute();
  return db
    .selectFrom("guestCodeFailures")
    .select(["wrong", "lockedAt"])
    .where("shareId", "=", shareId)
    .where("email", "=", email)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Counts one more wrong code for the link and address, locking it at `max`; answers the count. */
export async function recordWrongGuestCode(db: Db, shareId: string, email: string, max: number, at: Date): Promise<number> {
  const row = await db
    .insertInto("guestCodeFailures")
    .values({ shareId, email, wrong: 1, lockedAt: max <= 1 ? at : null })
    .onConflict((oc) =>
      oc.columns(["shareId", "email"]).doUpdateSet((eb) => ({
        wrong: eb("guestCodeFailures.wrong", "+", 1),
        lockedAt: eb
          .case()
          .when(eb("guestCodeFailures.wrong", "+", 1), ">=", max)
          .then(eb.fn.coalesce("guestCodeFailures.lockedAt", eb.val(at)))
          .else(eb.ref("guestCodeFailures.lockedAt"))
          .end(),
      })),
    )
    .returning("wrong")
    .executeTakeFirstOrThrow();
  return row.wrong;
}

export async function createGuestSession(
  db: Db,
  session: { id: string; shareId: string; tokenHash: string; email: string; name: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insertInto("guestSessions").values(session).execute();
}

/** The guest session a cookie's hash names, with its share and the share's round. */
export function findGuestSession(db: Db, tokenHash: string) {
  return db
    .selectFrom("guestSessions")
    .innerJoin("guestShares", "guestShares.id", "guestSessions.shareId")
    .innerJoin("proofs", "proofs.id", "guestShares.proofId")
    .select([
      "guestSessions.id",
      "guestSessions.shareId",
      "guestSessions.email",
      "guestSessions.name",
      "guestSessions.expiresAt",
      "guestShares.proofId",
      "guestShares.expiresAt as shareExpiresAt",
      "guestShares.revokedAt as shareRevokedAt",
    ])
    .where("guestSessions.tokenHash", "=", tokenHash)
    .executeTakeFirst();
}
