// Approval chains on the server (docs/approval-chains.md): naming a round's reviewers, reading them with their
// decisions, and deciding. The rule that combines decisions is domain's chainState; here it is applied with the round's
// row locked, the thread told, the stage moved only by the round's combined status, and the people of a step that
// starts mailed once through the outbox.
import { randomUUID } from "node:crypto";
import {
  createGuestShare,
  type Db,
  latestShareFor,
  listProofReviewers,
  lockProof,
  markReviewersNotified,
  recordApproval,
  recordChangesRequested,
  recordDecision,
  replaceProofReviewers,
  revisionAllowance,
  revisionsUsed,
  roundDeadlines,
  usersByEmail,
} from "@atelier/db";
import {
  actingFor,
  approvedFilesText,
  approves,
  CHAIN_APPROVAL_RULE,
  type ChainReviewer,
  canSeeProject,
  chainState,
  DECISIONS,
  type Decision,
  DomainError,
  deadlinePassed,
  deadlineRefusal,
  decisionRefusal,
  guestLabel,
  guestShareExpiry,
  hasChain,
  nextRevision,
  PROJECT_STAGES,
  projectDisplayName,
  proofRoundHref,
  REVIEWER_LINK_DAYS,
  type ReviewerRole,
  type Role,
  roundDueNow,
  type SessionUser,
  STAGE_ACTIONS,
  startedReviewers,
  stepDueOn,
  utcDay,
} from "@atelier/domain";
import { reviewStepMail } from "@atelier/mail";
import { newSecret, reviewUrl, sha256Hex } from "./guest-review";
import { postComment, type ThreadAuthor } from "./post-comment";
import { type Context, requestOrigin } from "./trpc";
import { proofDecided } from "./webhooks/events";

interface Round {
  id: string;
  round: number;
}
interface Project {
  id: string;
  name: string;
  title: string;
  businessId: string;
  stage: keyof typeof PROJECT_STAGES;
}
/** Who decides: a signed-in person, or a guest of the round's link by the address their code verified. */
interface Decider {
  role: Role;
  user: SessionUser | null;
  guest: { name: string; email: string } | null;
}
type MailContext = Pick<Context, "now" | "mail">;

const asChain = (rows: Awaited<ReturnType<typeof listProofReviewers>>): ChainReviewer[] =>
  rows.map((r) => ({ email: r.email, role: r.role, step: r.step, decision: r.decision }));

/** Whether the round names an approver: then its chain decides, not one client answer. */
export async function roundHasChain(db: Db, proofId: string): Promise<boolean> {
  return hasChain(await listProofReviewers(db, proofId));
}

/** The round's reviewers, the rule, its combined status and current step, and whether the reader may decide now. */
export async function roundReviewers(db: Db, proof: Round, reader: { email: string | null }, now: Date) {
  const [rows, deadlines] = await Promise.all([listProofReviewers(db, proof.id), roundDeadlines(db, proof.id)]);
  const chain = asChain(rows);
  const state = chainState(chain);
  const today = utcDay(now);
  const dueNow = roundDueNow(chain, deadlines);
  const locked = deadlineRefusal({ round: proof.round, lockAtDeadline: deadlines.lockAtDeadline }, dueNow, today);
  const refusal = hasChain(chain) ? decisionRefusal(chain, reader.email, proof.round) : null;
  const me = reader.email === null ? undefined : chain.find((r) => r.email === reader.email?.toLowerCase());
  return {
    rule: CHAIN_APPROVAL_RULE,
    chain: hasChain(chain),
    status: state.status,
    currentStep: state.currentStep,
    steps: state.steps,
    stalled: state.stalled,
    /** The round's day, its steps' own days, the day it waits on now, and whether that passed (and closed it). */
    deadlines: { ...deadlines, dueNow, overdue: deadlinePassed(dueNow, today), locked: locked !== null },
    you: {
      role: me?.role ?? null,
      canDecide: hasChain(chain) && refusal === null && locked === null,
      refusal: refusal?.message ?? locked,
    },
    reviewers: rows.map((r) => ({
      email: r.email,
      name: r.userName ?? (r.guestName === null ? null : guestLabel(r.guestName)),
      role: r.role,
      step: r.step,
      notified: r.notifiedAt !== null,
      decision: r.decision,
      decisionLabel: r.decision === null ? null : DECISIONS[r.decision],
      reason: r.reason,
      decidedAt: r.decidedAt,
      verifiedBy: r.verifiedBy,
      sha256s: r.sha256s,
    })),
  };
}

/**
 * Where `email` opens the round from a mail: the project's page for a person with an account who may see it; for
 * anyone else a review link of their own, named for their address (a link's token is kept only as its hash, so an
 * earlier link cannot be sent again), lasting as long as one they already had or REVIEWER_LINK_DAYS.
 */
export async function reviewLinkFor(
  trx: Db,
  appUrl: string,
  input: { proof: Round; project: Project; email: string; by: string | null; now: Date },
): Promise<{ url: string; guest: boolean }> {
  const { proof, project, email, now } = input;
  const [account] = (await usersByEmail(trx, [email])).filter((a) => a.email?.toLowerCase() === email && a.deactivatedAt === null);
  if (account && canSeeProject(account, project)) return { url: `${appUrl}${proofRoundHref(project.id, proof.round)}`, guest: false };
  const earlier = await latestShareFor(trx, proof.id, email, now);
  const fresh = guestShareExpiry(now, REVIEWER_LINK_DAYS);
  const token = newSecret();
  await createGuestShare(trx, {
    id: randomUUID(),
    proofId: proof.id,
    tokenHash: sha256Hex(token),
    createdBy: input.by,
    createdAt: now,
    expiresAt: earlier && earlier.expiresAt > fresh ? earlier.expiresAt : fresh,
    passwordHash: null,
    emails: [email],
  });
  return { url: reviewUrl(appUrl, token), guest: true };
}

/**
 * Mails everyone of the steps begun so far who was not told yet, in the transaction that began them, with the day
 * their step is due by when it has one.
 */
async function mailStartedSteps(trx: Db, ctx: MailContext, proof: Round, project: Project, by: string | null): Promise<void> {
  const mail = ctx.mail;
  if (!mail) return;
  const rows = await listProofReviewers(trx, proof.id);
  const state = chainState(asChain(rows));
  if (state.status !== "waiting" || state.currentStep === null) return;
  const started = startedReviewers(rows, state).filter((r) => r.notifiedAt === null);
  const now = ctx.now();
  const told = await markReviewersNotified(
    trx,
    proof.id,
    started.map((r) => r.email),
    now,
  );
  if (told.length === 0) return;
  const deadlines = await roundDeadlines(trx, proof.id);
  const projectTitle = project.title || projectDisplayName(project.name);
  const mails = [];
  for (const email of told) {
    const reviewer = rows.find((r) => r.email === email);
    if (!reviewer) continue;
    const { url, guest } = await reviewLinkFor(trx, mail.appUrl, { proof, project, email, by, now });
    const dueOn = stepDueOn(reviewer.step, deadlines);
    mails.push({
      kind: "review-step",
      ...reviewStepMail({ to: email, projectTitle, round: proof.round, role: reviewer.role, url, guest, dueOn }),
    });
  }
  await mail.outbox.enqueue(trx, mails);
}

/** Staff name a waiting round's reviewers (none: back to one client answer); those whose step starts are mailed. */
export async function setRoundReviewers(
  ctx: Pick<Context, "db" | "now" | "mail"> & { user: SessionUser },
  proof: Round,
  project: Project,
  reviewers: readonly { email: string; role: ReviewerRole; step: number }[],
) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockProof(trx, proof.id);
    if (row?.status !== "sent") throw new DomainError("PRECONDITION_FAILED", `Round ${proof.round} is not waiting for a decision.`);
    const before = await listProofReviewers(trx, proof.id);
    if (before.some((r) => r.decision !== null))
      throw new DomainError("PRECONDITION_FAILED", `Round ${proof.round} has decisions already: send a new round to name other reviewers.`);
    await replaceProofReviewers(trx, proof.id, reviewers, ctx.user.id, ctx.now());
    await mailStartedSteps(trx, ctx, proof, project, ctx.user.id);
  });
  ctx.mail?.outbox.kick();
  return roundReviewers(ctx.db, proof, { email: ctx.user.email }, ctx.now());
}

class DecidedMeanwhile extends Error {}

/**
 * An approver of the current step decides. The round's combined status says what the thread hears: the approval of
 * the round (and the stage moves), changes required (and the stage moves), or one decision while it still waits. The
 * outcome is worked out before the comment and checked again with the round locked; a decision made meanwhile means
 * working it out again.
 */
export async function decideInChain(
  ctx: Pick<Context, "db" | "now" | "mail" | "live" | "webhooks" | "client">,
  author: Pick<Context, "db" | "now" | "mail" | "live" | "webhooks"> & ThreadAuthor,
  input: {
    proof: Round;
    project: Project;
    decider: Decider;
    decision: Decision;
    reason: string | null;
    /** The round's files as stored now, refused when any changed since it was sent: what an approval is given for. */
    checkedFiles: () => Promise<{ name: string; sha256: string }[]>;
  },
) {
  const { proof, project, decider, decision, reason } = input;
  if (!(STAGE_ACTIONS.approve.from as readonly string[]).includes(project.stage))
    throw new DomainError(
      "PRECONDITION_FAILED",
      `Deciding is not possible while the project is ${PROJECT_STAGES[project.stage].toLowerCase()}.`,
    );
  const email = (decider.user?.email ?? decider.guest?.email ?? null)?.toLowerCase() ?? null;
  const files = approves(decision) ? await input.checkedFiles() : [];
  const sha256s = approves(decision) ? files.map((f) => f.sha256) : null;
  const allowance = await revisionAllowance(ctx.db, project.businessId);
  for (let attempt = 0; ; attempt++) {
    const before = asChain(await listProofReviewers(ctx.db, proof.id));
    const refusal = decisionRefusal(before, email, proof.round);
    if (refusal) throw new DomainError(refusal.code, refusal.message);
    const after = before.map((r) => (r.email === email ? { ...r, decision } : r));
    const state = chainState(after);
    const starts = state.currentStep !== null && state.currentStep !== chainState(before).currentStep;
    const said = `${DECISIONS[decision]}${reason ? `: ${reason}` : "."}`;
    const comment =
      state.status === "approved"
        ? {
            event: "approved" as const,
            body: `Approved round ${proof.round} by every approver:\n${approvedFilesText(files)}\n${said}`,
          }
        : state.status === "changes_required"
          ? { event: "modification" as const, body: reason || `Changes required on round ${proof.round}.` }
          : {
              event: null,
              body: `Round ${proof.round}: ${said}${starts ? `\nStep ${state.currentStep} starts.` : ""}`,
            };
    let used = 0;
    const decidedAt = ctx.now();
    try {
      await postComment(author, project, { ...comment, round: proof.round }, async (trx, commentId) => {
        const row = await lockProof(trx, proof.id);
        const now = asChain(await listProofReviewers(trx, proof.id));
        if (
          row?.status !== "sent" ||
          decisionRefusal(now, email, proof.round) ||
          chainState(now.map((r) => (r.email === email ? { ...r, decision } : r))).status !== state.status
        )
          throw new DecidedMeanwhile();
        await recordDecision(trx, {
          proofId: proof.id,
          email: email ?? "",
          decision,
          reason,
          at: decidedAt,
          by: decider.user?.id ?? null,
          verifiedBy: decider.guest ? "email_code" : "session",
          guestName: decider.guest?.name ?? null,
          sha256s,
          commentId,
          ...requestOrigin(ctx),
        });
        const guest = decider.guest ? { guest: decider.guest } : {};
        if (state.status === "approved") {
          await recordApproval(trx, {
            proofId: proof.id,
            approvedBy: decider.user?.id ?? null,
            actingForBusiness: actingFor(decider.role, project.businessId),
            approvedAt: decidedAt,
            round: proof.round,
            sha256s: sha256s ?? [],
            commentId,
            ...guest,
            ...requestOrigin(ctx),
          });
          await proofDecided(trx, author, project, proof, "approved", { id: commentId, body: comment.body });
        } else if (state.status === "changes_required") {
          const next = nextRevision(await revisionsUsed(trx, project.id), allowance);
          await recordChangesRequested(trx, proof.id, {
            by: decider.user?.id ?? null,
            forBusiness: actingFor(decider.role, project.businessId),
            at: decidedAt,
            revision: next.round,
            billable: next.billable,
            ...guest,
          });
          used = next.round;
          await proofDecided(trx, author, project, proof, "changes_requested", { id: commentId, body: comment.body });
        } else {
          await mailStartedSteps(trx, ctx, proof, project, decider.user?.id ?? null);
        }
      });
    } catch (error) {
      if (error instanceof DecidedMeanwhile && attempt < 3) continue;
      if (error instanceof DecidedMeanwhile) throw new DomainError("CONFLICT", "Others decided at the same moment. Reload and try again.");
      throw error;
    }
    return {
      decision,
      status: state.status,
      currentStep: state.currentStep,
      decidedAt,
      sha256s: sha256s ?? [],
      revisionsUsed: used,
      allowance,
      billable: used > allowance,
    };
  }
}
