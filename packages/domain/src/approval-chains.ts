// Approval chains (docs/approval-chains.md): a proof round names its reviewers, each an approver or a reviewer who
// comments only, optionally in steps; their decisions combine into the round's status by the one rule below. A round
// that names no approver keeps the single answer of the client's people. The inputs are in approval-chain-inputs.ts:
// apart, so a page that shows a round's reviewers does not load zod with them (docs/performance.md).

export const REVIEWER_ROLES = {
  approver: "Approver",
  reviewer: "Reviewer (comments only)",
} as const;
export type ReviewerRole = keyof typeof REVIEWER_ROLES;
export const REVIEWER_ROLE_VALUES = Object.keys(REVIEWER_ROLES) as [ReviewerRole, ...ReviewerRole[]];

/** What can happen to a round's list of reviewers, as its history keeps it. */
const REVIEWER_CHANGES = {
  named: "Reviewer named",
  removed: "Reviewer removed",
} as const;
export type ReviewerChange = keyof typeof REVIEWER_CHANGES;
export const REVIEWER_CHANGE_VALUES = Object.keys(REVIEWER_CHANGES) as [ReviewerChange, ...ReviewerChange[]];

export const DECISIONS = {
  approved: "Approved",
  approved_with_changes: "Approved with changes",
  changes_required: "Changes required",
  not_relevant: "Not relevant",
} as const;
export type Decision = keyof typeof DECISIONS;
export const DECISION_VALUES = Object.keys(DECISIONS) as [Decision, ...Decision[]];

/** Whether a decision lets the round go on as approved. */
export function approves(decision: Decision): boolean {
  return decision === "approved" || decision === "approved_with_changes";
}

export const MAX_REVIEWERS = 50;
export const MAX_REVIEW_STEPS = 20;

/** The rule as everyone on the round reads it; chainState is its one implementation. */
export const CHAIN_APPROVAL_RULE =
  "Approvers decide step by step: a step starts when every approver of the step before has decided. " +
  "The round is approved when every approver has decided and none asked for changes (approved with changes counts as approved; " +
  "not relevant steps aside). It needs changes as soon as one approver asks for them. Reviewers comment and never hold the round up.";

export interface ChainReviewer {
  email: string;
  role: ReviewerRole;
  step: number;
  decision: Decision | null;
}

export interface ChainState {
  /** "waiting" while a step is open or when every approver stepped aside; otherwise the round's answer. */
  status: "waiting" | "approved" | "changes_required";
  /** The step whose approvers decide now; null once the round is decided, or when no approver is left to decide. */
  currentStep: number | null;
  /** The steps that hold approvers, in order. */
  steps: number[];
  /** Every approver decided, none approved (each said not relevant): the studio names others or sends a new round. */
  stalled: boolean;
}

/** Whether a round's reviewers make a chain: it names at least one approver. Otherwise one client answer decides. */
export function hasChain(reviewers: readonly Pick<ChainReviewer, "role">[]): boolean {
  return reviewers.some((r) => r.role === "approver");
}

/**
 * The round's status from its reviewers' decisions (CHAIN_APPROVAL_RULE): changes required as soon as one approver asks for
 * them; otherwise the current step is the first whose approvers have not all decided; approved once every step is
 * decided and at least one approver approved. Reviewers (comments only) are never counted.
 */
export function chainState(reviewers: readonly ChainReviewer[]): ChainState {
  const approvers = reviewers.filter((r) => r.role === "approver");
  const steps = [...new Set(approvers.map((r) => r.step))].sort((a, b) => a - b);
  if (approvers.some((r) => r.decision === "changes_required"))
    return { status: "changes_required", currentStep: null, steps, stalled: false };
  const open = steps.find((step) => approvers.some((r) => r.step === step && r.decision === null));
  if (open !== undefined) return { status: "waiting", currentStep: open, steps, stalled: false };
  if (approvers.some((r) => r.decision !== null && approves(r.decision)))
    return { status: "approved", currentStep: null, steps, stalled: false };
  return { status: "waiting", currentStep: null, steps, stalled: approvers.length > 0 };
}

/** Who is told a step started: everyone named in the steps begun so far (reviewers of steps without approvers too). */
export function startedReviewers<R extends ChainReviewer>(reviewers: readonly R[], state: ChainState): R[] {
  const current = state.currentStep;
  if (current === null) return [];
  return reviewers.filter((r) => r.step <= current);
}

/**
 * Why `email` may not decide on the round now, with the code to answer; null when they may. The round must still wait
 * (proofAnswerRefusal says so first); here only its chain speaks.
 */
export function decisionRefusal(
  reviewers: readonly ChainReviewer[],
  email: string | null,
  round: number,
): { code: "FORBIDDEN" | "PRECONDITION_FAILED"; message: string } | null {
  const me = email === null ? undefined : reviewers.find((r) => r.email === email.toLowerCase());
  if (!me) return { code: "FORBIDDEN", message: `Only the approvers named on round ${round} decide on it.` };
  if (me.role !== "approver") return { code: "FORBIDDEN", message: "Reviewers comment on a round; only its approvers decide." };
  if (me.decision !== null) return { code: "PRECONDITION_FAILED", message: `You decided on round ${round} already.` };
  const state = chainState(reviewers);
  if (state.status !== "waiting" || state.currentStep === null)
    return { code: "PRECONDITION_FAILED", message: `Round ${round} is not waiting for a decision.` };
  if (me.step !== state.currentStep)
    return {
      code: "PRECONDITION_FAILED",
      message: `Step ${me.step} of round ${round} starts when step ${state.currentStep} is decided.`,
    };
  return null;
}

/** A guest reviewer's own link, made when their step starts, lasts this long (or as long as a link they already had). */
export const REVIEWER_LINK_DAYS = 14;
