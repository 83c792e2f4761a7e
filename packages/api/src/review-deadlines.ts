// Review deadlines on the server (docs/approval-chains.md, "Deadlines"): staff set a round's day and its steps' days,
// a round that locks refuses decisions once its deadline passed, and a reminder pass mails whoever still owes a
// decision the day before and on the day, in their own time zone. The pass runs on every web instance; a reminder is
// recorded (round, address, the recipient's day) in the transaction that writes its mail, so it goes out once.
import {
  businessDeciders,
  type Db,
  listProofReviewers,
  recordReviewReminder,
  roundDeadlines,
  setRoundDeadlines,
  usersByEmail,
  waitingRoundsWithDeadlines,
} from "@atelier/db";
import {
  addDays,
  canSeeProject,
  DomainError,
  dayIn,
  deadlinePassed,
  deadlineRefusal,
  hasChain,
  isStaff,
  pendingDeciders,
  projectDisplayName,
  type RoundDeadlines,
  reviewReminderDue,
  roundDueNow,
  type SessionUser,
  STAGE_ACTIONS,
  utcDay,
} from "@atelier/domain";
import { type Outbox, reviewReminderMail } from "@atelier/mail";
import { reviewLinkFor } from "./approval-chains";
import { runPeriodically } from "./periodic";

/** Why nobody may decide on the round now because it locks at its deadline and that passed; null while it is open. */
export async function deadlineLock(db: Db, proof: { id: string; round: number }, now: Date): Promise<string | null> {
  const [reviewers, deadlines] = await Promise.all([listProofReviewers(db, proof.id), roundDeadlines(db, proof.id)]);
  return deadlineRefusal({ round: proof.round, lockAtDeadline: deadlines.lockAtDeadline }, roundDueNow(reviewers, deadlines), utcDay(now));
}

/** Staff set a waiting round's deadlines anew: its day, its steps' days, and whether it locks at them. */
export async function setDeadlines(
  db: Db,
  proof: { id: string; round: number; status: string },
  deadlines: RoundDeadlines & { lockAtDeadline: boolean },
): Promise<void> {
  if (proof.status !== "sent") throw new DomainError("PRECONDITION_FAILED", `Round ${proof.round} is not waiting for a decision.`);
  await db.transaction().execute((trx) => setRoundDeadlines(trx, proof.id, deadlines));
}

/** The bell lists at most this many rounds past their deadline, the longest overdue first. */
const OVERDUE_ROUNDS_MAX = 20;

/**
 * The rounds waiting past the day they wait on now that `user` may see (the studio: all; a client: their business's),
 * the longest overdue first, with who still owes them a decision: what the bell shows. Reviewers are read per round;
 * overdue rounds are few.
 */
export async function overdueRounds(db: Db, user: SessionUser, now: Date) {
  if (!isStaff(user.role) && user.businessId === null) return [];
  const today = utcDay(now);
  const rounds = await waitingRoundsWithDeadlines(db, {
    before: today,
    ...(isStaff(user.role) ? {} : { businessId: user.businessId ?? "" }),
  });
  const overdue = [];
  for (const round of rounds) {
    if (!canSeeProject(user, { businessId: round.businessId })) continue;
    const reviewers = await listProofReviewers(db, round.id);
    const dueOn = roundDueNow(reviewers, round);
    if (dueOn === null || !deadlinePassed(dueOn, today)) continue;
    overdue.push({
      proofId: round.id,
      projectId: round.projectId,
      projectTitle: round.projectTitle || projectDisplayName(round.projectName),
      round: round.round,
      dueOn,
      locked: round.lockAtDeadline,
      waitingFor: pendingDeciders(reviewers, round).map((p) => p.reviewer.email),
    });
  }
  return overdue
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.projectTitle.localeCompare(b.projectTitle))
    .slice(0, OVERDUE_ROUNDS_MAX);
}

/** Zones reach from UTC−12 to UTC+14: a deadline of yesterday in UTC is still today somewhere, one two days on tomorrow. */
const ZONE_REACH_DAYS = 1;

/**
 * One reminder pass at `now`: for each waiting round with a deadline near, everyone who still owes it a decision (the
 * current step's approvers, or the client's people on a round without approvers) whose own day is the day before or
 * the day itself is mailed, once per round and day. Answers how many were mailed.
 */
export async function remindReviewDeadlines(db: Db, options: { outbox: Pick<Outbox, "enqueue" | "kick">; appUrl: string; now: Date }) {
  const { now } = options;
  const rounds = await waitingRoundsWithDeadlines(db, { since: addDays(utcDay(now), -ZONE_REACH_DAYS) });
  let mailed = 0;
  for (const round of rounds) {
    if (!(STAGE_ACTIONS.approve.from as readonly string[]).includes(round.stage)) continue;
    const reviewers = await listProofReviewers(db, round.id);
    const owing = hasChain(reviewers)
      ? pendingDeciders(reviewers, round).map(({ reviewer, dueOn }) => ({
          email: reviewer.email,
          step: reviewer.step as number | null,
          dueOn,
        }))
      : round.dueOn === null
        ? []
        : (await businessDeciders(db, round.businessId)).map((person) => ({
            email: (person.email ?? "").toLowerCase(),
            step: null,
            dueOn: round.dueOn as string,
          }));
    if (owing.length === 0) continue;
    const zones = new Map(
      (
        await usersByEmail(
          db,
          owing.map((o) => o.email),
        )
      ).map((u) => [u.email?.toLowerCase(), u]),
    );
    const project = {
      id: round.projectId,
      name: round.projectName,
      title: round.projectTitle,
      businessId: round.businessId,
      stage: round.stage,
    };
    const projectTitle = project.title || projectDisplayName(project.name);
    for (const person of owing) {
      // A guest's zone is not known: their reminder follows UTC, the studio's day.
      const timeZone = zones.get(person.email)?.timeZone ?? "UTC";
      const kind = reviewReminderDue(person.dueOn, now, timeZone);
      if (kind === null) continue;
      const sent = await db.transaction().execute(async (trx) => {
        const recorded = await recordReviewReminder(trx, {
          proofId: round.id,
          email: person.email,
          day: dayIn(now, timeZone),
          kind,
          step: person.step,
          dueOn: person.dueOn,
          sentAt: now,
        });
        if (!recorded) return false;
        const link = await reviewLinkFor(trx, options.appUrl, { proof: round, project, email: person.email, by: round.sentBy, now });
        await options.outbox.enqueue(trx, [
          {
            kind: "review-reminder",
            ...reviewReminderMail({
              to: person.email,
              projectTitle,
              round: round.round,
              role: "approver",
              ...link,
              dueOn: person.dueOn,
              kind,
            }),
          },
        ]);
        return true;
      });
      if (sent) mailed++;
    }
  }
  if (mailed > 0) options.outbox.kick();
  return mailed;
}

/** How often each web instance looks for reminders due; each person's comes within this of their day starting. */
const REVIEW_REMINDER_PASS_MS = 15 * 60 * 1000;

/** Runs reminder passes beside the mail outbox: one now, then every `everyMs`. Answers a function that stops them. */
export function startReviewReminders(options: { db: Db; outbox: Pick<Outbox, "enqueue" | "kick">; appUrl: string; everyMs?: number }) {
  return runPeriodically("review reminders", options.everyMs ?? REVIEW_REMINDER_PASS_MS, () =>
    remindReviewDeadlines(options.db, { outbox: options.outbox, appUrl: options.appUrl, now: new Date() }),
  );
}
