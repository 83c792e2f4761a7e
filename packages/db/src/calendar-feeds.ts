// Queries of private calendar feeds (docs/calendar-feed.md). The token arrives hashed; whose dates a feed carries is
// the domain's calendarScopeOf.
import type { CalendarScope } from "@atelier/domain";
import type { Db } from "./create-db";

/** Gives the person a feed address, replacing (and so revoking) the one they had. */
export async function replaceCalendarFeed(db: Db, userId: string, tokenHash: string, at: Date): Promise<void> {
  await db
    .insertInto("calendarFeeds")
    .values({ userId, tokenHash, createdAt: at, lastReadAt: null })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ tokenHash, createdAt: at, lastReadAt: null }))
    .execute();
}

export async function deleteCalendarFeed(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom("calendarFeeds").where("userId", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function findCalendarFeed(db: Db, userId: string) {
  return db.selectFrom("calendarFeeds").select(["createdAt", "lastReadAt"]).where("userId", "=", userId).executeTakeFirst();
}

/** The active person a feed address belongs to, its read time noted; undefined for an unknown or revoked address. */
export async function readCalendarFeedOwner(db: Db, tokenHash: string, at: Date) {
  const owner = await db
    .selectFrom("calendarFeeds")
    .innerJoin("users", "users.id", "calendarFeeds.userId")
    .select(["users.id", "users.role", "users.businessId"])
    .where("calendarFeeds.tokenHash", "=", tokenHash)
    .where("users.deactivatedAt", "is", null)
    .executeTakeFirst();
  if (owner) await db.updateTable("calendarFeeds").set({ lastReadAt: at }).where("userId", "=", owner.id).execute();
  return owner;
}

/**
 * The dated projects and proof rounds in a scope, from `since` (YYYY-MM-DD) on; archived projects and superseded
 * rounds left out.
 */
export async function calendarDates(db: Db, scope: Exclude<CalendarScope, null>, since: string) {
  let projects = db
    .selectFrom("projects")
    .innerJoin("businesses", "businesses.id", "projects.businessId")
    .where("projects.archived", "=", false);
  if (scope.kind === "assignee") projects = projects.where("projects.assigneeId", "=", scope.userId);
  if (scope.kind === "business") projects = projects.where("projects.businessId", "=", scope.businessId);
  const [due, rounds, steps] = await Promise.all([
    projects
      .select(["projects.id", "projects.title", "projects.stage", "projects.dueOn", "businesses.name as businessName"])
      .where("projects.dueOn", ">=", since)
      .$narrowType<{ dueOn: string }>()
      .orderBy("projects.dueOn")
      .orderBy("projects.id")
      .execute(),
    projects
      .innerJoin("proofs", "proofs.projectId", "projects.id")
      .select([
        "proofs.id",
        "proofs.round",
        "proofs.status",
        "proofs.dueOn",
        "projects.id as projectId",
        "projects.title",
        "businesses.name as businessName",
      ])
      .where("proofs.dueOn", ">=", since)
      // A round a later one replaced waits for no one.
      .where("proofs.status", "<>", "superseded")
      .$narrowType<{ dueOn: string }>()
      .orderBy("proofs.dueOn")
      .orderBy("proofs.id")
      .execute(),
    // A step's own day (docs/approval-chains.md, "Deadlines") on a round still open.
    projects
      .innerJoin("proofs", "proofs.projectId", "projects.id")
      .innerJoin("proofStepDeadlines", "proofStepDeadlines.proofId", "proofs.id")
      .select([
        "proofs.id",
        "proofs.round",
        "proofStepDeadlines.step",
        "proofStepDeadlines.dueOn",
        "projects.id as projectId",
        "projects.title",
        "businesses.name as businessName",
      ])
      .where("proofStepDeadlines.dueOn", ">=", since)
      .where("proofs.status", "=", "sent")
      .orderBy("proofStepDeadlines.dueOn")
      .orderBy("proofs.id")
      .orderBy("proofStepDeadlines.step")
      .execute(),
  ]);
  return { projects: due, rounds, steps };
}
