// The workload plan's data: the studio's active people, and every active project with its last event,
// when that came, how many rounds of changes were asked for, its due date, and its proofs still awaiting an answer.
import { STAFF_ROLES } from "@atelier/domain";
import { sql } from "kysely";
import { notInternalNote } from "./comments";
import type { Db } from "./create-db";

export function activeStaff(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email", "image", "role"])
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
