// Checks of the design loop that need the database or the stored bytes: which comments a stage takes, and whether
// the project's print-ready files are the bytes its latest approval names.
import { latestApproval, listProjectFiles } from "@atelier/db";
import { type CommentEvent, commentEventRefusal, DomainError, type ProjectStage, type SessionUser, unapprovedFiles } from "@atelier/domain";
import { storedFileDigest } from "./file-digests";
import type { Context } from "./trpc";

type CheckContext = Pick<Context, "db" | "files" | "now"> & { user: SessionUser };

export interface PrintReadyCheck {
  approvedRound: number;
  approvedAt: Date;
  sha256s: string[];
  /** How many print-ready files the project has: none yet is not a match. */
  printReadyFiles: number;
  /** Print-ready files whose stored bytes are not among the approved ones (or no longer stored). */
  mismatched: { id: string; name: string; sha256: string | null }[];
}

/**
 * Compares the project's print-ready files, hashed by the server from the store, with its latest approval.
 * Null when nothing was approved yet; `unchecked` when the upload servers do not answer.
 */
export async function printReadyCheck(ctx: CheckContext, projectId: string): Promise<PrintReadyCheck | "unchecked" | null> {
  const approval = await latestApproval(ctx.db, projectId);
  if (!approval) return null;
  const files = (await listProjectFiles(ctx.db, projectId)).filter((f) => f.kind === "print_ready");
  try {
    const hashed = [];
    for (const file of files)
      hashed.push({ id: file.id, name: file.name, sha256: (await storedFileDigest(ctx, file.key))?.sha256 ?? null });
    return {
      approvedRound: approval.round,
      approvedAt: approval.approvedAt,
      sha256s: approval.sha256s,
      printReadyFiles: files.length,
      mismatched: unapprovedFiles(hashed, approval.sha256s),
    };
  } catch (error) {
    if (error instanceof DomainError && error.code === "PRECONDITION_FAILED") return "unchecked";
    throw error;
  }
}

/** Refuses a comment whose event the project's stage does not take from the caller; delivery needs approved bytes. */
export async function assertCommentEvent(
  ctx: CheckContext,
  project: { id: string; stage: ProjectStage },
  event: CommentEvent | null,
): Promise<void> {
  const refusal = commentEventRefusal(ctx.user.role, project.stage, event);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  if (event !== "delivered") return;
  const check = await printReadyCheck(ctx, project.id);
  if (check === "unchecked") throw new DomainError("PRECONDITION_FAILED", "The print-ready files cannot be checked right now. Try again.");
  if (check && check.mismatched.length > 0) {
    const names = check.mismatched.map((f) => f.name).join(", ");
    throw new DomainError("PRECONDITION_FAILED", `Not the approved files: ${names}. Send them as a proof for a new approval first.`);
  }
}
