// proofs.* and annotations.*: proof rounds, requests for changes against the revision allowance, approvals bound to
// the stored bytes' SHA-256, pins on proof files, and the round's guest review links. Each action speaks in the
// project's thread through postComment. A guest session (docs/guest-review.md) reaches four of them, on its round only:
// annotations.create, annotations.list, proofs.approve and proofs.requestChanges.
import { randomUUID } from "node:crypto";
import {
  createAnnotation,
  createGuestShare,
  createProof,
  deleteAnnotation,
  findAnnotation,
  findBusiness,
  findGuestShare,
  findProject,
  findProof,
  findProofFile,
  latestRound,
  listAnnotations,
  listGuestShares,
  listProjectAnnotations,
  listProjectFiles,
  listProofs,
  lockProjectRounds,
  mediaByKey,
  type NewProofFile,
  proofFiles,
  recordApproval,
  recordChangesRequested,
  revisionAllowance,
  revisionsUsed,
  revokeGuestShare,
  setAnnotationResolved,
  setRevisionAllowance,
  updateAnnotationMark,
} from "@atelier/db";
import {
  actingFor,
  approvedFilesText,
  canPostEvent,
  canSeeProject,
  canSeeShadow,
  canTakeAction,
  canViewComment,
  commentBodyInput,
  DECISION_VALUES,
  type Decision,
  DomainError,
  decisionReasonInput,
  dueDateInput,
  GUEST_ACTS_AS,
  guestShareExpiry,
  guestShareInput,
  idInput,
  internalNoteEvent,
  isInternalNote,
  isMedia,
  mediaTimeInput,
  momentRefusal,
  nextRevision,
  nextRound,
  PROJECT_STAGES,
  type ProofStatus,
  pinChangeRefusal,
  pinFits,
  previewKind,
  proofAnswerRefusal,
  proofNoteInput,
  type Role,
  requestIdInput,
  reviewersInput,
  revisionAllowanceInput,
  revisionLedger,
  roundDeadlinesInput,
  type SessionUser,
  type Shape,
  STAGE_ACTIONS,
  type StageAction,
  shapeAnchor,
  shapeInput,
} from "@atelier/domain";
import { z } from "zod";
import { certificateOf, certificateUrls } from "../approval-certificates";
import { decideInChain, roundHasChain, roundReviewers, setRoundReviewers } from "../approval-chains";
import { storedFileDigest } from "../file-digests";
import { fileDownloadUrl } from "../file-downloads";
import { guestSessionOf, hashPassword, newSecret, reviewUrl, sha256Hex } from "../guest-review";
import { withMedia } from "../media/with-media";
import { postComment, type ThreadAuthor } from "../post-comment";
import { proofZipUrl } from "../proof-zip";
import { type Claim, once } from "../request-once";
import { deadlineLock, overdueRounds, setDeadlines } from "../review-deadlines";
import { type Context, projectProcedure, protectedProcedure, publicProcedure, requestOrigin, router, staffProcedure } from "../trpc";
import { commentCreated, proofDecided, proofSent } from "../webhooks/events";

const id = idInput;
const body = commentBodyInput;
const fraction = z.number().min(0).max(1);

type Project = NonNullable<Awaited<ReturnType<typeof findProject>>>;

/** Refuses an action the stage machine does not allow: the wrong role is FORBIDDEN, the wrong stage a precondition. */
function assertAction(role: Parameters<typeof canTakeAction>[0], project: Project, action: StageAction): void {
  if (canTakeAction(role, project.stage, action)) return;
  const rule = STAGE_ACTIONS[action];
  if (!(rule.roles as readonly string[]).includes(role)) {
    throw new DomainError(
      "FORBIDDEN",
      action === "sendProof" ? "Only the studio sends proofs." : "Only the client's people answer a proof.",
    );
  }
  throw new DomainError(
    "PRECONDITION_FAILED",
    `${rule.label} is not possible while the project is ${PROJECT_STAGES[project.stage].toLowerCase()}.`,
  );
}

/** The proof and its project when `user` may see them (a guest: when it is their round), otherwise NOT_FOUND. */
async function visibleProof(db: Context["db"], user: SessionUser | null, proofId: string) {
  const proof = await findProof(db, proofId);
  const project = proof ? await findProject(db, proof.projectId) : undefined;
  if (!proof || !project || (user && !canSeeProject(user, project))) throw new DomainError("NOT_FOUND", "No such proof.");
  return { proof, project };
}

/** A procedure on one proof: it and its project are put on the context when the caller may see them, otherwise NOT_FOUND. */
function proofProcedure<TInput extends z.ZodType<{ proofId: string }>>(
  input: TInput,
  base: typeof protectedProcedure = protectedProcedure,
) {
  return base
    .input(input)
    .use(async ({ ctx, input, next }) => next({ ctx: await visibleProof(ctx.db, ctx.user, (input as { proofId: string }).proofId) }));
}

/** Who acts: a signed-in person, or a guest of the round's link, who answers as the client's people do. */
interface Actor {
  role: Role;
  user: SessionUser | null;
  guest: { name: string; email: string } | null;
}

/**
 * A procedure a guest may call too: signed in, as proofProcedure; otherwise the guest session of the request's cookie,
 * checked against its share on every call, on its own round only (any other proof is NOT_FOUND); neither, UNAUTHORIZED.
 */
function reviewProcedure<TInput extends z.ZodType<{ proofId: string }>>(input: TInput) {
  return publicProcedure.input(input).use(async ({ ctx, input, next }) => {
    const proofId = (input as { proofId: string }).proofId;
    if (ctx.user) {
      const actor: Actor = { user: ctx.user, guest: null, role: ctx.user.role };
      return next({ ctx: { ...(await visibleProof(ctx.db, ctx.user, proofId)), actor } });
    }
    const guest = await guestSessionOf(ctx);
    if (guest.proofId !== proofId) throw new DomainError("NOT_FOUND", "No such proof.");
    const actor: Actor = { user: null, guest: { name: guest.name, email: guest.email }, role: GUEST_ACTS_AS };
    return next({ ctx: { ...(await visibleProof(ctx.db, null, proofId)), actor } });
  });
}

/** What the thread and the record say of the actor: its author, and the guest when one acted. */
function speaker<C extends Pick<Context, "db" | "now" | "mail" | "live" | "files">>(ctx: C, actor: Actor): C & ThreadAuthor {
  if (actor.user) return { ...ctx, user: actor.user };
  if (actor.guest) return { ...ctx, user: null, guest: actor.guest };
  throw new DomainError("UNAUTHENTICATED", "Sign in to continue.");
}

/** Whom the store's signed links of a check are made out to: the person, or the guest by their address. */
function signer(ctx: Pick<Context, "db" | "now" | "files">, actor: Actor) {
  return { ...ctx, user: { id: actor.user?.id ?? `guest:${actor.guest?.email ?? ""}` } };
}

/** The proof's files as the store holds them now; refuses when any changed since the proof was sent. */
async function assertProofBytesUnchanged(ctx: Parameters<typeof storedFileDigest>[0], proofId: string) {
  const files = await proofFiles(ctx.db, proofId);
  for (const file of files) {
    const now = await storedFileDigest(ctx, file.key);
    if (now?.sha256 !== file.sha256) {
      throw new DomainError(
        "PRECONDITION_FAILED",
        `${file.name} is no longer the file this proof was sent with. Ask the studio for a new round.`,
      );
    }
  }
  return files;
}

/**
 * Refuses an answer to a round that is not the latest waiting one, or that locks at its deadline once that passed
 * (docs/approval-chains.md, "Deadlines").
 */
async function assertAnswerable(
  ctx: Pick<Context, "db" | "now">,
  proof: { id: string; round: number; status: ProofStatus },
  projectId: string,
) {
  const refusal = proofAnswerRefusal(proof, (await latestRound(ctx.db, projectId)) ?? proof.round);
  if (refusal) throw new DomainError("PRECONDITION_FAILED", refusal);
  const locked = await deadlineLock(ctx.db, proof, ctx.now());
  if (locked) throw new DomainError("PRECONDITION_FAILED", locked);
}

/** A decision on a round whose reviewers name approvers: its chain says who decides and what the round's status is. */
async function decide(
  ctx: Context & Awaited<ReturnType<typeof visibleProof>> & { actor: Actor },
  decision: Decision,
  reason: string | null,
) {
  const { proof, project, actor } = ctx;
  await assertAnswerable(ctx, proof, project.id);
  const checkedFiles = () => assertProofBytesUnchanged(signer(ctx, actor), proof.id);
  return decideInChain(ctx, speaker(ctx, actor), { proof, project, decider: actor, decision, reason, checkedFiles });
}

export const proofsRouter = router({
  /** Staff send a round: files already on the project, hashed by the server from the stored bytes, with a note. */
  create: projectProcedure(
    z.object({
      projectId: id,
      fileIds: z.array(id).min(1).max(100),
      note: proofNoteInput.optional(),
      dueOn: dueDateInput.optional(),
      requestId: requestIdInput,
    }),
  ).mutation(async ({ ctx, input }) => {
    const { project } = ctx;
    assertAction(ctx.user.role, project, "sendProof");
    const onProject = await listProjectFiles(ctx.db, project.id);
    const chosen = [...new Set(input.fileIds)].map((fileId) => onProject.find((f) => f.id === fileId));
    if (!chosen.every((f) => f !== undefined)) throw new DomainError("NOT_FOUND", "No such file on this project.");
    const files: NewProofFile[] = [];
    for (const file of chosen) {
      const digest = await storedFileDigest(ctx, file.key);
      if (!digest) throw new DomainError("PRECONDITION_FAILED", `${file.name} is no longer in the store: upload it again.`);
      files.push({ fileId: file.id, name: file.name, key: file.key, type: file.type, thumbnail: file.thumbnail, ...digest });
    }
    const round = nextRound(await latestRound(ctx.db, project.id));
    const note = input.note || null;
    const proofId = randomUUID();
    return once(ctx, "proofs.create", input.requestId, async (claim) => {
      await postComment(
        ctx,
        project,
        { event: "proof_sent", body: `Round ${round}${note ? `: ${note}` : ""}`, round },
        async (trx, commentId) => {
          await claim(trx, { id: proofId, round });
          if (nextRound(await lockProjectRounds(trx, project.id)) !== round)
            throw new DomainError("CONFLICT", "Another proof was just sent. Reload and try again.");
          await createProof(
            trx,
            {
              id: proofId,
              projectId: project.id,
              round,
              note,
              dueOn: input.dueOn ?? null,
              sentBy: ctx.user.id,
              commentId,
              createdAt: ctx.now(),
            },
            files,
          );
          await proofSent(trx, ctx, project, { id: proofId, round, note, dueOn: input.dueOn ?? null, files });
        },
      );
      return { id: proofId, round };
    });
  }),

  /** A project's rounds, newest first, with their files (and download links) and approvals. */
  list: projectProcedure(z.object({ projectId: id })).query(async ({ ctx }) => {
    const proofs = await listProofs(ctx.db, ctx.project.id);
    const probed = new Map(
      (
        await withMedia(
          ctx.db,
          proofs.flatMap((p) => p.files),
        )
      ).map((f) => [f.key, f.media]),
    );
    return proofs.map((proof) => ({
      ...proof,
      zipUrl: proofZipUrl(ctx.mail?.appUrl, proof.id),
      files: proof.files.map(({ key, fileId, ...f }) => ({
        media: probed.get(key) ?? null,
        ...f,
        id: fileId,
        downloadUrl: fileDownloadUrl(ctx.mail?.appUrl, { scope: "proof", proofId: proof.id, fileId }),
      })),
    }));
  }),

  /** The revision ledger: change rounds used against the business's allowance, and what the next request would use. */
  ledger: projectProcedure(z.object({ projectId: id })).query(async ({ ctx }) => {
    const [used, allowance] = await Promise.all([revisionsUsed(ctx.db, ctx.project.id), revisionAllowance(ctx.db, ctx.project.businessId)]);
    return { ...revisionLedger(used, allowance), next: nextRevision(used, allowance) };
  }),

  requestChanges: reviewProcedure(z.object({ proofId: id, body })).mutation(async ({ ctx, input }) => {
    const { proof, project, actor } = ctx;
    if (await roundHasChain(ctx.db, proof.id)) {
      const { revisionsUsed, allowance, billable } = await decide(ctx, "changes_required", input.body);
      return { revisionsUsed, allowance, billable };
    }
    assertAction(actor.role, project, "requestChanges");
    await assertAnswerable(ctx, proof, project.id);
    const allowance = await revisionAllowance(ctx.db, project.businessId);
    let used = 0;
    const author = speaker(ctx, actor);
    await postComment(author, project, { event: "modification", body: input.body, round: proof.round }, async (trx, commentId) => {
      const next = nextRevision(await revisionsUsed(trx, project.id), allowance);
      const request = {
        by: actor.user?.id ?? null,
        forBusiness: actingFor(actor.role, project.businessId),
        at: ctx.now(),
        revision: next.round,
        billable: next.billable,
        ...(actor.guest ? { guest: actor.guest } : {}),
      };
      if (!(await recordChangesRequested(trx, proof.id, request)))
        throw new DomainError("PRECONDITION_FAILED", "This proof was answered already.");
      used = next.round;
      await proofDecided(trx, author, project, proof, "changes_requested", { id: commentId, body: input.body });
    });
    return { revisionsUsed: used, allowance, billable: used > allowance };
  }),

  /** The client's people (or an admin for them) approve the latest round: the record names the SHA-256 of each of its files. */
  approve: reviewProcedure(z.object({ proofId: id })).mutation(async ({ ctx }) => {
    const { proof, project, actor } = ctx;
    if (await roundHasChain(ctx.db, proof.id)) {
      const { decidedAt, sha256s } = await decide(ctx, "approved", null);
      return { approvedAt: decidedAt, sha256s };
    }
    assertAction(actor.role, project, "approve");
    await assertAnswerable(ctx, proof, project.id);
    const files = await assertProofBytesUnchanged(signer(ctx, actor), proof.id);
    const sha256s = files.map((f) => f.sha256);
    const approvedAt = ctx.now();
    // The thread names each file with the start of its hash; the approval record and the Proofs panel keep them whole.
    const names = approvedFilesText(files);
    const author = speaker(ctx, actor);
    await postComment(
      author,
      project,
      { event: "approved", body: `Approved round ${proof.round}:\n${names}`, round: proof.round },
      async (trx, commentId) => {
        const approval = {
          proofId: proof.id,
          approvedBy: actor.user?.id ?? null,
          actingForBusiness: actingFor(actor.role, project.businessId),
          approvedAt,
          round: proof.round,
          sha256s,
          commentId,
          ...(actor.guest ? { guest: actor.guest } : {}),
          ...requestOrigin(ctx),
        };
        if (!(await recordApproval(trx, approval))) throw new DomainError("PRECONDITION_FAILED", "This proof was answered already.");
        await proofDecided(trx, author, project, proof, "approved", {
          id: commentId,
          body: `Approved round ${proof.round}:\n${names}`,
        });
      },
    );
    return { approvedAt, sha256s };
  }),

  /**
   * An approved round's certificate (docs/approval-certificate.md), for the studio and the client's people who see the
   * project: signed and kept on first request. `url` downloads its PDF; the record is public at `verifyUrl`.
   */
  certificateUrl: proofProcedure(z.object({ proofId: id })).query(async ({ ctx }) => {
    if (ctx.proof.status !== "approved")
      throw new DomainError("PRECONDITION_FAILED", "This round is not approved: its certificate is made once it is approved.");
    const certificate = await certificateOf({ ...ctx, appUrl: ctx.mail?.appUrl ?? "" }, ctx.proof.id);
    const urls = certificateUrls(ctx.mail?.appUrl ?? "", certificate.id);
    return { id: certificate.id, url: urls.pdfUrl, verifyUrl: urls.verifyUrl, jsonUrl: urls.jsonUrl };
  }),

  /**
   * A named approver of the round's current step decides (docs/approval-chains.md): approved, approved with changes,
   * changes required or not relevant, with an optional reason. A round that names no approver is answered by
   * approve and requestChanges instead.
   */
  decide: reviewProcedure(z.object({ proofId: id, decision: z.enum(DECISION_VALUES), reason: decisionReasonInput.optional() })).mutation(
    async ({ ctx, input }) => {
      if (!(await roundHasChain(ctx.db, ctx.proof.id)))
        throw new DomainError("PRECONDITION_FAILED", `Round ${ctx.proof.round} names no approvers: approve it or request changes.`);
      const { decision, status, currentStep, decidedAt } = await decide(ctx, input.decision, input.reason || null);
      return { decision, status, currentStep, decidedAt };
    },
  ),

  /** The round's reviewers, their decisions, the rule, the current step, and whether the reader may decide now. */
  reviewers: reviewProcedure(z.object({ proofId: id })).query(({ ctx }) =>
    roundReviewers(ctx.db, ctx.proof, { email: ctx.actor.user?.email ?? ctx.actor.guest?.email ?? null }, ctx.now()),
  ),

  /** Rounds waiting past their deadline that the caller may see, the longest overdue first: the bell lists them. */
  overdue: protectedProcedure.query(({ ctx }) => overdueRounds(ctx.db, ctx.user, ctx.now())),

  /**
   * Staff set a waiting round's deadlines (docs/approval-chains.md, "Deadlines"): its day, a day per step of its
   * chain (steps without one follow the round's), and whether it closes for decisions once the deadline passed.
   */
  setDeadlines: proofProcedure(z.object({ proofId: id, ...roundDeadlinesInput.shape }), staffProcedure).mutation(async ({ ctx, input }) => {
    const { proofId: _, ...deadlines } = input;
    await setDeadlines(ctx.db, ctx.proof, deadlines);
    return roundReviewers(ctx.db, ctx.proof, { email: ctx.user.email }, ctx.now());
  }),

  /** Staff name a waiting round's reviewers before anyone decided; those whose step starts are mailed at once. */
  setReviewers: proofProcedure(z.object({ proofId: id, reviewers: reviewersInput }), staffProcedure).mutation(async ({ ctx, input }) => {
    const refusal = proofAnswerRefusal(ctx.proof, (await latestRound(ctx.db, ctx.project.id)) ?? ctx.proof.round);
    if (refusal) throw new DomainError("PRECONDITION_FAILED", refusal);
    return setRoundReviewers(ctx, ctx.proof, ctx.project, input.reviewers);
  }),

  /**
   * Staff share a round with guests by link (docs/guest-review.md): it lasts 1–90 days, may need a password (kept as
   * its scrypt hash) and may be for named addresses only. The link's token is answered once and kept as its SHA-256.
   */
  share: proofProcedure(z.object({ proofId: id, ...guestShareInput }), staffProcedure).mutation(async ({ ctx, input }) => {
    const token = newSecret();
    const shareId = randomUUID();
    const now = ctx.now();
    const emails = input.emails?.length ? [...new Set(input.emails)] : null;
    await createGuestShare(ctx.db, {
      id: shareId,
      proofId: ctx.proof.id,
      tokenHash: sha256Hex(token),
      createdBy: ctx.user.id,
      createdAt: now,
      expiresAt: guestShareExpiry(now, input.expiresInDays),
      passwordHash: input.password === undefined ? null : await hashPassword(input.password),
      emails,
    });
    return { id: shareId, url: reviewUrl(ctx.mail?.appUrl, token) };
  }),

  /** A round's links for the studio: who made each, until when, for whom, with a password or not, withdrawn, last opened. */
  shares: proofProcedure(z.object({ proofId: id }), staffProcedure).query(({ ctx }) => listGuestShares(ctx.db, ctx.proof.id)),

  /** Staff withdraw a link: every guest session on it ends at once. */
  revokeShare: staffProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const share = await findGuestShare(ctx.db, input.id);
    const project = share ? await findProject(ctx.db, share.projectId) : undefined;
    if (!share || !project || !canSeeProject(ctx.user, project)) throw new DomainError("NOT_FOUND", "No such review link.");
    await revokeGuestShare(ctx.db, share.id, { by: ctx.user.id, at: ctx.now() });
    return { id: share.id, revoked: true };
  }),

  /** Staff set how many change rounds a business's projects include. */
  setAllowance: staffProcedure.input(z.object({ businessId: id, allowance: revisionAllowanceInput })).mutation(async ({ ctx, input }) => {
    if (!(await findBusiness(ctx.db, input.businessId))) throw new DomainError("NOT_FOUND", "No such business.");
    await setRevisionAllowance(ctx.db, input.businessId, input.allowance);
    return { businessId: input.businessId, allowance: input.allowance };
  }),
});

/** Where a pin lies on its page: a point, a box, or an arrow or freehand stroke (whose anchor x and y are then). */
const markInput = {
  x: fraction,
  y: fraction,
  w: fraction.optional(),
  h: fraction.optional(),
  shape: shapeInput.optional(),
};

/** A mark as stored: a point or a box, or a shape at its own anchor, whatever x and y said; BAD_INPUT when it is none. */
function markOf(input: { x: number; y: number; w?: number; h?: number; shape?: Shape }) {
  if (!pinFits(input)) throw new DomainError("BAD_INPUT", "A pin lies on the page: a point, or a box with both a width and a height.");
  if (input.shape && (input.w !== undefined || input.h !== undefined))
    throw new DomainError("BAD_INPUT", "A shape is an arrow or a stroke: it has no box.");
  const at = input.shape ? shapeAnchor(input.shape) : { x: input.x, y: input.y };
  return { ...at, w: input.w ?? null, h: input.h ?? null, shape: input.shape ? JSON.stringify(input.shape) : null };
}

/** Whether the actor made a pin: the person, or the guest by the address they gave. */
function madeBy(pin: { createdBy: string | null; guestEmail: string | null }, actor: Actor): boolean {
  if (actor.user) return pin.createdBy === actor.user.id;
  return pin.createdBy === null && pin.guestEmail !== null && pin.guestEmail === actor.guest?.email;
}

/** A pin of this proof the actor may change now; NOT_FOUND when it is not one they can see, else why not. */
async function changeablePin(ctx: { db: Context["db"]; proof: { id: string }; actor: Actor }, annotationId: string) {
  const pin = await findAnnotation(ctx.db, annotationId);
  if (!pin || pin.proofId !== ctx.proof.id || !canViewComment(pin, ctx.actor.role)) throw new DomainError("NOT_FOUND", "No such pin.");
  const refusal = pinChangeRefusal({ byThisPerson: madeBy(pin, ctx.actor), resolved: pin.resolvedAt !== null }, pin.proofStatus);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  return pin;
}

export const annotationsRouter = router({
  /** A pin on a proof file (a point, or a box; on a PDF, a page), written to the thread as its comment. */
  create: reviewProcedure(
    z.object({
      proofId: id,
      fileId: id,
      ...markInput,
      page: z.number().int().min(1).max(100_000).optional(),
      /** On a video or a sound: the moment, in seconds from its start (a video's frame's middle). */
      at: mediaTimeInput.optional(),
      body,
      shadow: z.boolean().default(false),
      requestId: requestIdInput,
    }),
  ).mutation(async ({ ctx, input }) => {
    const { proof, project, actor } = ctx;
    const file = await findProofFile(ctx.db, proof.id, input.fileId);
    if (!file) throw new DomainError("NOT_FOUND", "No such file in this proof.");
    const kind = previewKind(file);
    const duration = isMedia(file) ? ((await mediaByKey(ctx.db, [file.key])).get(file.key)?.durationS ?? null) : null;
    const moment = momentRefusal(kind, input.at, duration);
    if (moment) throw new DomainError("BAD_INPUT", moment);
    const event = internalNoteEvent(input.shadow);
    if (!canPostEvent(actor.role, event)) throw new DomainError("FORBIDDEN", "Only the studio pins internal notes.");
    const mark = markOf(input);
    const annotationId = randomUUID();
    const create = async (claim: Claim) => {
      const author = speaker(ctx, actor);
      const commentId = await postComment(author, project, { event, body: input.body }, async (trx, commentId) => {
        await claim(trx, { id: annotationId, commentId });
        await createAnnotation(trx, {
          id: annotationId,
          proofId: proof.id,
          fileId: file.fileId,
          page: input.page ?? null,
          at: input.at ?? null,
          ...mark,
          shadow: isInternalNote(event),
          commentId,
          createdBy: actor.user?.id ?? null,
          guestName: actor.guest?.name ?? null,
          guestEmail: actor.guest?.email ?? null,
          createdAt: ctx.now(),
        });
        await commentCreated(trx, author, project, { id: commentId, event, body: input.body, parentId: null });
      });
      return { id: annotationId, commentId };
    };
    // A guest has no account to keep idempotency keys under: their pins are made as asked (docs/guest-review.md).
    return actor.user ? once({ ...ctx, user: actor.user }, "annotations.create", input.requestId, create) : create(async () => undefined);
  }),

  /** A proof's pins with their comments; internal ones for the studio only. */
  list: reviewProcedure(z.object({ proofId: id })).query(async ({ ctx }) => {
    const pins = await listAnnotations(ctx.db, ctx.proof.id, { withoutShadow: !canSeeShadow(ctx.actor.role) });
    return pins.map(({ createdBy, guestEmail, ...pin }) => ({
      ...pin,
      /** Whether this person may redraw or remove the pin's mark now. */
      changeable:
        pinChangeRefusal({ byThisPerson: madeBy({ createdBy, guestEmail }, ctx.actor), resolved: !!pin.resolvedAt }, ctx.proof.status) ===
        null,
    }));
  }),

  /** A pin's mark drawn again by its author, while its round waits for an answer; its comment stays as written. */
  redraw: reviewProcedure(z.object({ proofId: id, annotationId: id, ...markInput })).mutation(async ({ ctx, input }) => {
    const pin = await changeablePin(ctx, input.annotationId);
    await updateAnnotationMark(ctx.db, pin.id, markOf(input));
    return { id: pin.id };
  }),

  /** A pin's mark taken away by its author, while its round waits for an answer; its comment stays in the thread. */
  remove: reviewProcedure(z.object({ proofId: id, annotationId: id })).mutation(async ({ ctx, input }) => {
    const pin = await changeablePin(ctx, input.annotationId);
    await deleteAnnotation(ctx.db, pin.id);
    return { id: pin.id };
  }),

  /** Where each pin of a project lies, by its thread entry: the thread links to its pins with it. */
  byProject: projectProcedure(z.object({ projectId: id })).query(({ ctx }) =>
    listProjectAnnotations(ctx.db, ctx.project.id, { withoutShadow: !canSeeShadow(ctx.user.role) }),
  ),

  resolve: protectedProcedure.input(z.object({ annotationId: id, resolved: z.boolean() })).mutation(async ({ ctx, input }) => {
    const annotation = await findAnnotation(ctx.db, input.annotationId);
    const project = annotation ? await findProject(ctx.db, annotation.projectId) : undefined;
    if (!annotation || !project || !canSeeProject(ctx.user, project) || !canViewComment(annotation, ctx.user.role)) {
      throw new DomainError("NOT_FOUND", "No such pin.");
    }
    await setAnnotationResolved(ctx.db, annotation.id, input.resolved ? { by: ctx.user.id, at: ctx.now() } : null);
    return { id: annotation.id, resolved: input.resolved };
  }),
});
