// The design loop: the stage machine (who may do what in which stage), proof rounds, the revision ledger,
// approvals bound to the bytes of a proof, and pinned annotations.
import { COMMENT_KINDS, type CommentEvent } from "./comments";
import { canPostEvent, isInternalNote } from "./internal-notes";
import type { ProjectStage } from "./projects";
import { isAdmin, ROLES, type Role, STAFF_ROLES } from "./roles";

/** The actions that move a project, each written to the thread as a comment with its event. */
export const STAGE_ACTIONS = {
  /** The brief is complete: the client (or the studio for them) says so. */
  brief: { event: "briefing", label: "Brief", from: ["new"], roles: ROLES, by: "comment" },
  start: { event: "in_progress", label: "Start work", from: ["briefing", "modification", "reopened"], roles: STAFF_ROLES, by: "comment" },
  sendProof: {
    event: "proof_sent",
    label: "Send proof",
    from: ["briefing", "in_progress", "proof_sent", "modification", "approved", "reopened"],
    roles: STAFF_ROLES,
    by: "proof",
  },
  /** The client's people, or an admin acting for them; a designer never answers for the client. */
  requestChanges: { event: "modification", label: "Request changes", from: ["proof_sent"], roles: ["client", "admin"], by: "proof" },
  approve: { event: "approved", label: "Approve", from: ["proof_sent"], roles: ["client", "admin"], by: "proof" },
  deliver: { event: "delivered", label: "Deliver", from: ["approved"], roles: STAFF_ROLES, by: "comment" },
  reopen: { event: "reopened", label: "Reopen", from: ["approved", "delivered"], roles: ROLES, by: "comment" },
} as const satisfies Record<
  string,
  {
    event: CommentEvent;
    label: string;
    from: readonly ProjectStage[];
    roles: readonly Role[];
    /** "proof": only through its proofs.* procedure, which records what it acts on; "comment": a comment in the thread. */
    by: "comment" | "proof";
  }
>;
export type StageAction = keyof typeof STAGE_ACTIONS;
export const STAGE_ACTION_VALUES = Object.keys(STAGE_ACTIONS) as [StageAction, ...StageAction[]];

export function canTakeAction(role: Role, stage: ProjectStage, action: StageAction): boolean {
  const rule = STAGE_ACTIONS[action];
  return (rule.roles as readonly Role[]).includes(role) && (rule.from as readonly ProjectStage[]).includes(stage);
}

export function allowedActions(role: Role, stage: ProjectStage): StageAction[] {
  return STAGE_ACTION_VALUES.filter((action) => canTakeAction(role, stage, action));
}

/**
 * Whether comments.create may take a comment with `event` from `role` in `stage`: plain comments always,
 * internal notes from the studio, and a stage event only when the stage machine allows it and it is not one
 * that a proof action writes (a request for changes, an approval and a proof each record what they act on).
 */
export function canCommentWithEvent(role: Role, stage: ProjectStage, event: CommentEvent | null): boolean {
  if (event === null || isInternalNote(event)) return canPostEvent(role, event);
  const action = STAGE_ACTION_VALUES.find((a) => STAGE_ACTIONS[a].event === event);
  return action !== undefined && STAGE_ACTIONS[action].by === "comment" && canTakeAction(role, stage, action);
}

/**
 * What the composer offers: with the project's stage, only the events the stage machine lets this role write
 * as a comment (requests for changes, approvals and proofs go through the Proofs panel instead). It lives with the
 * stage machine, which builds on the comment rules, not the other way round.
 */
export function commentKinds(role: Role, stage?: ProjectStage) {
  return COMMENT_KINDS.filter((k) => canPostEvent(role, k.event) && (stage === undefined || canCommentWithEvent(role, stage, k.event)));
}

/** An admin approving or asking for changes acts for the client's business, and the record says so. */
export function actingFor(role: Role, businessId: string): string | null {
  return isAdmin(role) ? businessId : null;
}

export const PROOF_STATUSES = {
  sent: "Waiting for the client",
  changes_requested: "Changes requested",
  approved: "Approved",
  superseded: "Superseded",
} as const;
export type ProofStatus = keyof typeof PROOF_STATUSES;
export const PROOF_STATUS_VALUES = Object.keys(PROOF_STATUSES) as [ProofStatus, ...ProofStatus[]];

/** The round a new proof of a project takes: one after its last. */
export function nextRound(lastRound: number | null): number {
  return (lastRound ?? 0) + 1;
}

/**
 * Why a proof cannot be answered (approved or sent back), or null when it can: only the latest round, still waiting.
 * A proof that a later round replaced, or one already answered, is a precondition failure, not a permission one.
 */
export function proofAnswerRefusal(proof: { round: number; status: ProofStatus }, latestRound: number): string | null {
  if (proof.round !== latestRound || proof.status === "superseded") return `Round ${proof.round} was replaced by round ${latestRound}.`;
  if (proof.status === "approved") return `Round ${proof.round} is approved already.`;
  if (proof.status === "changes_requested") return `Changes to round ${proof.round} were requested already.`;
  return null;
}

/**
 * Why this person cannot redraw or remove a pin's mark, or null when they can: only its author, only while its round
 * waits for an answer, only while the pin is open. What a decision was taken on, or what was ticked off, stays.
 */
export function pinChangeRefusal(
  pin: { byThisPerson: boolean; resolved: boolean },
  roundStatus: ProofStatus,
): { code: "FORBIDDEN" | "PRECONDITION_FAILED"; message: string } | null {
  if (!pin.byThisPerson) return { code: "FORBIDDEN", message: "Only the person who made a mark may change or remove it." };
  if (roundStatus !== "sent") return { code: "PRECONDITION_FAILED", message: "This round was answered: its marks stay as they were." };
  if (pin.resolved) return { code: "PRECONDITION_FAILED", message: "This pin is resolved: reopen it to change its mark." };
  return null;
}

export const DEFAULT_REVISION_ALLOWANCE = 3;
export const MAX_REVISION_ALLOWANCE = 99;

export interface RevisionLedger {
  used: number;
  allowance: number;
  /** Change rounds left within the allowance. */
  remaining: number;
  /** "round 2 of 3 used" */
  label: string;
}

export function revisionLedger(used: number, allowance: number): RevisionLedger {
  return { used, allowance, remaining: Math.max(0, allowance - used), label: `round ${used} of ${allowance} used` };
}

/** What asking for changes once more would use: the next round, billable once past the allowance. */
export function nextRevision(used: number, allowance: number): { round: number; billable: boolean; label: string } {
  const round = used + 1;
  const billable = round > allowance;
  return { round, billable, label: `round ${round} of ${allowance} used${billable ? " (billable)" : ""}` };
}

/** A pin on a proof file: a point, or a box when it has a size; fractions 0–1 of the image or PDF page. */
export interface Pin {
  x: number;
  y: number;
  w?: number | null;
  h?: number | null;
}

export function pinFits(pin: Pin): boolean {
  const within = (n: number) => Number.isFinite(n) && n >= 0 && n <= 1;
  if (!within(pin.x) || !within(pin.y)) return false;
  const boxed = pin.w != null || pin.h != null;
  if (!boxed) return true;
  return pin.w != null && pin.h != null && within(pin.w) && within(pin.h) && pin.x + pin.w <= 1 + 1e-9 && pin.y + pin.h <= 1 + 1e-9;
}

/** Print-ready files whose bytes are not among an approval's: delivering them needs a new approval. */
export function unapprovedFiles<F extends { sha256: string | null }>(files: readonly F[], approvedSha256s: readonly string[]): F[] {
  const approved = new Set(approvedSha256s);
  return files.filter((f) => f.sha256 === null || !approved.has(f.sha256));
}

/**
 * Why comments.create refuses a comment with `event` from `role` in `stage`, with the code to answer; null when it
 * may be posted. Proof actions are refused as comments whatever the stage: they act on a proof, in its panel.
 */
export function commentEventRefusal(
  role: Role,
  stage: ProjectStage,
  event: CommentEvent | null,
): { code: "FORBIDDEN" | "BAD_INPUT" | "PRECONDITION_FAILED"; message: string } | null {
  if (canCommentWithEvent(role, stage, event)) return null;
  if (isInternalNote(event)) return { code: "FORBIDDEN", message: "Only the studio writes internal notes." };
  const action = STAGE_ACTION_VALUES.find((a) => STAGE_ACTIONS[a].event === event);
  if (action === undefined) return { code: "BAD_INPUT", message: "That is not something a comment can say." };
  const rule = STAGE_ACTIONS[action];
  if (rule.by === "proof")
    return { code: "BAD_INPUT", message: `${rule.label}: use the Proofs panel, which records the round it is about.` };
  if (!(rule.roles as readonly Role[]).includes(role))
    return { code: "FORBIDDEN", message: `Only the studio may ${rule.label.toLowerCase()}.` };
  return { code: "PRECONDITION_FAILED", message: `${rule.label} is not possible at this stage of the project.` };
}

/** How the thread names the files an approval was given for: each with the start of its SHA-256 (records keep it whole). */
export function approvedFilesText(files: readonly { name: string; sha256: string }[]): string {
  return files.map((f) => `${f.name} (SHA-256 ${f.sha256.slice(0, 16)}…)`).join("\n");
}
