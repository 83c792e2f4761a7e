// Review deadlines (docs/approval-chains.md, "Deadlines"): a round's day and its steps' days, whether it locks at its
// deadline, the rounds a reminder pass looks at, and the reminders mailed, one row per round, address and day.
import type { ReviewReminder } from "@atelier/domain";
import { type SqlBool, sql } from "kysely";
import type { Db } from "./create-db";

/** A round's deadlines: its own day, each step's that has one (in step order), and whether it locks at them. */
export async function roundDeadlines(db: Db, proofId: string) {
  const [round, steps] = await Promise.all([
    db.selectFrom("proofs").select(["dueOn", "lockAtDeadline"]).where("id", "=", proofId).executeTakeFirst(),
    db.selectFrom("proofStepDeadlines").select(["step", "dueOn"]).where("proofId", "=", proofId).orderBy("step").execute(),
  ]);
  return { dueOn: round?.dueOn ?? null, lockAtDeadline: round?.lockAtDeadline ?? false, steps };
}

/** Sets a round's deadlines anew: its day, its steps' days (steps not listed follow the round's), and the lock. */
export async function setRoundDeadlines(
  db: Db,
  proofId: string,
  deadlines: { dueOn: string | null; steps: readonly { step: number; dueOn: string }[]; lockAtDeadline: boolean },
): Promise<void> {
  await db
    .updateTable("proofs")
    .set({ dueOn: deadlines.dueOn, lockAtDeadline: deadlines.lockAtDeadline })
    .where("id", "=", proofId)
    .execute();
  await db.deleteFrom("proofStepDeadlines").where("proofId", "=", proofId).execute();
  if (deadlines.steps.length === 0) return;
  await db
    .insertInto("proofStepDeadlines")
    .values(deadlines.steps.map((s) => ({ proofId, step: s.step, dueOn: s.dueOn })))
    .execute();
}

/**
 * The rounds still waiting for a decision, on projects not archived, with a deadline (the round's or a step's) on or
 * after `since` and/or before `before`, of one business if given: what a reminder pass and the bell look at. With
 * each, its project and its steps' days.
 */
export async function waitingRoundsWithDeadlines(db: Db, filter: { since?: string; before?: string; businessId?: string }) {
  // Days are YYYY-MM-DD text, so they compare as text; null (no day) is within no range.
  const within = (column: string) =>
    sql<SqlBool>`(${sql.ref(column)} >= ${filter.since ?? "0000"} and ${sql.ref(column)} < ${filter.before ?? "9999"})`;
  let query = db
    .selectFrom("proofs")
    .innerJoin("projects", "projects.id", "proofs.projectId")
    .select([
      "proofs.id",
      "proofs.round",
      "proofs.dueOn",
      "proofs.lockAtDeadline",
      "proofs.sentBy",
      "projects.id as projectId",
      "projects.name as projectName",
      "projects.title as projectTitle",
      "projects.businessId",
      "projects.stage",
    ])
    .where("proofs.status", "=", "sent")
    .where("projects.archived", "=", false)
    .where((eb) =>
      eb.or([
        within("proofs.due_on"),
        eb.exists(
          eb
            .selectFrom("proofStepDeadlines")
            .select(sql`1`.as("one"))
            .whereRef("proofStepDeadlines.proofId", "=", "proofs.id")
            .where(within("proof_step_deadlines.due_on")),
        ),
      ]),
    );
  if (filter.businessId !== undefined) query = query.where("projects.businessId", "=", filter.businessId);
  const rounds = await query.orderBy("proofs.id").execute();
  if (rounds.length === 0) return [];
  const steps = await db
    .selectFrom("proofStepDeadlines")
    .select(["proofId", "step", "dueOn"])
    .where(
      "proofId",
      "in",
      rounds.map((r) => r.id),
    )
    .orderBy("step")
    .execute();
  return rounds.map((round) => ({
    ...round,
    steps: steps.filter((s) => s.proofId === round.id).map(({ step, dueOn }) => ({ step, dueOn })),
  }));
}

/** The active client people of a business, with their zones: who answer a round that names no approvers. */
export function businessDeciders(db: Db, businessId: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "timeZone"])
    .where("businessId", "=", businessId)
    .where("role", "=", "client")
    .where("deactivatedAt", "is", null)
    .where("email", "is not", null)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/**
 * Records a reminder for `email` on their day `day`; answers false when one was recorded for that round, address and
 * day already (by this instance or another), so the caller mails only when it answers true.
 */
export async function recordReviewReminder(
  db: Db,
  reminder: { proofId: string; email: string; day: string; kind: ReviewReminder; step: number | null; dueOn: string; sentAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto("reviewReminders")
    .values(reminder)
    .onConflict((oc) => oc.columns(["proofId", "email", "day"]).doNothing())
    .returning("proofId")
    .executeTakeFirst();
  return row !== undefined;
}
