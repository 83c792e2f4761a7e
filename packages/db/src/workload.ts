// The workload plan's data: the studio's active people, and every active project with its last event,
// when that came, how many rounds of changes were asked for, its due date, and its proofs still awaiting an answer.
import { STAFF_ROLES } from "@atelier/domain";
import { sql } from "kysely";
import { notInternalNote } from "./comments";
import type { Db } from "./create-db";

export function activeStaff(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email", "image", "role", "weeklyCapacity"])
    .where("role", "in", STAFF_ROLES)
    .where("deactivatedAt", "is", null)
    .where("kind", "=", "person")
    .orderBy(sql`lower(coalesce(name, email))`)
    .orderBy("id")
    .execute();
}

export async function workloadProjects(db: Db) {
  const rows = await db
    .selectFrom("projects")
    .innerJoin("businesses", "businesses.id", "projects.businessId")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("comments")
          .select(["projectId", "event", "createdAt"])
          .distinctOn("projectId")
          .where("event", "is not", null)
          .where(notInternalNote("event"))
          .orderBy("projectId")
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .as("last"),
      (join) => join.onRef("last.projectId", "=", "projects.id"),
    )
    .select((eb) => [
      "projects.id",
      "projects.name",
      "projects.title",
      "projects.assigneeId",
      "projects.createdAt",
      "businesses.name as businessName",
      "projects.stage",
      "projects.dueOn",
      "businesses.revisionAllowance",
      "last.createdAt as lastEventAt",
      eb
        .selectFrom("proofs")
        .whereRef("proofs.projectId", "=", "projects.id")
        .select((inner) => inner.fn.max("proofs.round").as("r"))
        .as("latestRound"),
      eb
        .selectFrom("comments")
        .whereRef("comments.projectId", "=", "projects.id")
        .where("comments.event", "=", "modification")
        .select(eb.fn.countAll<number>().as("n"))
        .as("changeRounds"),
    ])
    .where("projects.archived", "=", false)
    .orderBy("projects.createdAt")
    .orderBy("projects.id")
    .execute();
  // Proofs sent and not answered yet are the ones with a date still to meet (superseded and answered ones are done).
  const proofs = await db
    .selectFrom("proofs")
    .innerJoin("projects", "projects.id", "proofs.projectId")
    .select(["proofs.id", "proofs.projectId", "proofs.round", "proofs.status", "proofs.dueOn"])
    .where("projects.archived", "=", false)
    .where("proofs.status", "=", "sent")
    .orderBy("proofs.round")
    .execute();
  // A chained round waits on its current step's day: its steps' days and its reviewers say which that is.
  const ids = proofs.map((p) => p.id);
  const [steps, reviewers] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.selectFrom("proofStepDeadlines").select(["proofId", "step", "dueOn"]).where("proofId", "in", ids).orderBy("step").execute(),
          db.selectFrom("proofReviewers").select(["proofId", "email", "role", "step", "decision"]).where("proofId", "in", ids).execute(),
        ]);
  const byProject = new Map<string, ((typeof proofs)[number] & { steps: typeof steps; reviewers: typeof reviewers })[]>();
  for (const proof of proofs) {
    const full = {
      ...proof,
      steps: steps.filter((s) => s.proofId === proof.id),
      reviewers: reviewers.filter((r) => r.proofId === proof.id),
    };
    byProject.set(proof.projectId, [...(byProject.get(proof.projectId) ?? []), full]);
  }
  return rows.map(({ lastEventAt, changeRounds, latestRound, ...row }) => ({
    ...row,
    lastEventAt: lastEventAt ?? row.createdAt,
    changeRounds: Number(changeRounds ?? 0),
    latestRound: latestRound ?? null,
    proofs: (byProject.get(row.id) ?? []).map(({ projectId: _, ...proof }) => proof),
  }));
}

export async function setWeeklyCapacity(db: Db, userId: string, minutes: number): Promise<boolean> {
  const updated = await db
    .updateTable("users")
    .set({ weeklyCapacity: minutes })
    .where("id", "=", userId)
    .where("role", "in", STAFF_ROLES)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/**
 * Stopped time logged from `fromDay` to before `toDay` (days in `timeZone`), by person and by the week (its Monday) each
 * entry started in.
 */
export async function loggedByWeek(
  db: Db,
  q: { fromDay: string; toDay: string; timeZone: string },
): Promise<Map<string, Map<string, number>>> {
  const at = (day: string) => sql<Date>`(${day}::date)::timestamp at time zone ${q.timeZone}`;
  const rows = await db
    .selectFrom("timeEntries")
    .select([
      "userId",
      sql<string>`to_char(date_trunc('week', started_at at time zone ${q.timeZone}), 'YYYY-MM-DD')`.as("week"),
      sql<number>`coalesce(sum(minutes), 0)`.as("minutes"),
    ])
    .where("endedAt", "is not", null)
    .where("startedAt", ">=", at(q.fromDay))
    .where("startedAt", "<", at(q.toDay))
    .groupBy(["userId", sql`2`])
    .execute();
  const byPerson = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const weeks = byPerson.get(r.userId) ?? new Map<string, number>();
    weeks.set(r.week, Number(r.minutes));
    byPerson.set(r.userId, weeks);
  }
  return byPerson;
}

/**
 * The open projects whose service estimates their time (not archived, not delivered), with who has them, the time
 * logged on them so far, the day they started in `timeZone`, and their due date.
 */
export async function estimatedProjects(db: Db, timeZone: string) {
  const rows = await db
    .selectFrom("projects as p")
    .innerJoin("services as s", "s.id", "p.serviceId")
    .select((eb) => [
      "p.assigneeId",
      "s.estimateMinutes",
      "p.dueOn",
      sql<string>`to_char(p.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`.as("startDay"),
      eb
        .selectFrom("timeEntries as t")
        .whereRef("t.projectId", "=", "p.id")
        .where("t.endedAt", "is not", null)
        .select(sql<number>`coalesce(sum(t.minutes), 0)`.as("m"))
        .as("loggedMinutes"),
    ])
    .where("p.archived", "=", false)
    .where("p.stage", "!=", "delivered")
    .where("s.estimateMinutes", ">", 0)
    .execute();
  return rows.map((r) => ({ ...r, loggedMinutes: Number(r.loggedMinutes ?? 0) }));
}
