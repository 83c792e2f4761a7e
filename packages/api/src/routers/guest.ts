// guest.*: the public procedures behind a guest review link (docs/guest-review.md). A guest names themselves and gets a
// one-time code by mail; the right code begins a guest session, scoped to the link's round, in an httpOnly cookie.
import { randomUUID } from "node:crypto";
import {
  countGuestCodeRequests,
  createGuestSession,
  findGuestShareByToken,
  findProof,
  guestCodeLocked,
  latestGuestCode,
  listProofs,
  lockGuestCodeFailures,
  recordGuestCode,
  recordWrongGuestCode,
  touchGuestShare,
  useGuestCode,
} from "@atelier/db";
import {
  DomainError,
  GUEST_CODE_MAX_WRONG,
  GUEST_CODE_REQUESTS_PER_ADDRESS,
  GUEST_CODE_REQUESTS_PER_LINK,
  GUEST_CODE_TTL_MS,
  guestCodeInput,
  guestEmailAllowed,
  guestEmailInput,
  guestLabel,
  guestNameInput,
  guestSessionExpiry,
  guestShareRefusal,
  guestTokenInput,
  overGuestLimit,
  projectDisplayName,
} from "@atelier/domain";
import { guestCodeMail } from "@atelier/mail";
import { z } from "zod";
import { fileDownloadUrl } from "../file-downloads";
import {
  guestCodeHash,
  guestCodeMatches,
  guestCookieHeader,
  guestSessionOf,
  hashPassword,
  newGuestCode,
  newSecret,
  passwordMatches,
  sha256Hex,
} from "../guest-review";
import { withMedia } from "../media/with-media";
import { proofZipUrl } from "../proof-zip";
import { publicProcedure, router } from "../trpc";

const lockedMessage = (email: string) => `Too many wrong codes: this link is locked for ${email}. Ask the studio for a new link.`;

/** The share a link's token opens, refused when there is none or it no longer holds. */
async function openShare(db: Parameters<typeof findGuestShareByToken>[0], token: string, now: Date, lock = false) {
  const share = await findGuestShareByToken(db, sha256Hex(token), { lock });
  if (!share) throw new DomainError("NOT_FOUND", "No such review link.");
  const refusal = guestShareRefusal(share, now);
  if (refusal) throw new DomainError("FORBIDDEN", refusal);
  return share;
}

/** The title of a link's project and the number of its round, as the mail and the review page name them. */
async function roundTitle(db: Parameters<typeof findGuestShareByToken>[0], projectId: string, proofId: string) {
  const project = await db.selectFrom("projects").select(["name", "title"]).where("id", "=", projectId).executeTakeFirstOrThrow();
  const proof = await db.selectFrom("proofs").select("round").where("id", "=", proofId).executeTakeFirstOrThrow();
  return { projectTitle: project.title || projectDisplayName(project.name), round: proof.round };
}

// A password check costs about as much whether or not the link has one, so timing tells nothing.
const DUMMY_HASH = hashPassword(newSecret());

export const guestRouter = router({
  /**
   * What the review page shows before a guest names themselves: whether the link still holds (and if not, why), and
   * while it does, its project's title, the round and whether it needs a password. Nothing else of the round.
   */
  link: publicProcedure.input(z.object({ token: guestTokenInput })).query(async ({ ctx, input }) => {
    const share = await findGuestShareByToken(ctx.db, sha256Hex(input.token));
    if (!share) throw new DomainError("NOT_FOUND", "No such review link.");
    const refusal = guestShareRefusal(share, ctx.now());
    if (refusal) return { open: false as const, refusal };
    const { projectTitle, round } = await roundTitle(ctx.db, share.projectId, share.proofId);
    return { open: true as const, projectTitle, round, needsPassword: share.passwordHash !== null, expiresAt: share.expiresAt };
  }),

  /**
   * The guest's round, read with the guest session of the cookie: the project's title, the round's number, status and
   * note, its files (with the same checked links signed-in people get) and who decided. Nothing of any other round.
   * With the `token` of the link the page was opened by, a session of another round's link is no session: its holder
   * proves their address for this link's round instead of being shown the other one.
   */
  round: publicProcedure.input(z.object({ token: guestTokenInput }).optional()).query(async ({ ctx, input }) => {
    const guest = await guestSessionOf(ctx);
    if (input) {
      const share = await findGuestShareByToken(ctx.db, sha256Hex(input.token));
      if (share?.proofId !== guest.proofId)
        throw new DomainError("UNAUTHENTICATED", "This link is for another round: give your name and address for it.");
    }
    const proof = await findProof(ctx.db, guest.proofId);
    if (!proof) throw new DomainError("NOT_FOUND", "No such proof.");
    const round = (await listProofs(ctx.db, proof.projectId)).find((p) => p.id === guest.proofId);
    if (!round) throw new DomainError("NOT_FOUND", "No such proof.");
    const { projectTitle } = await roundTitle(ctx.db, proof.projectId, proof.id);
    const guestName = (name: string | null) => (name === null ? null : guestLabel(name));
    return {
      proofId: round.id,
      projectTitle,
      round: round.round,
      status: round.status,
      note: round.note,
      dueOn: round.dueOn,
      sentAt: round.createdAt,
      you: { name: guest.name, email: guest.email },
      zipUrl: proofZipUrl(ctx.mail?.appUrl, round.id),
      files: (await withMedia(ctx.db, round.files)).map((f) => ({
        id: f.fileId,
        media: f.media,
        name: f.name,
        size: f.size,
        type: f.type,
        thumbnail: f.thumbnail,
        sha256: f.sha256,
        downloadUrl: fileDownloadUrl(ctx.mail?.appUrl, { scope: "proof", proofId: round.id, fileId: f.fileId }),
      })),
      approval: round.approval && {
        name: round.approval.byName,
        at: round.approval.at,
        verifiedBy: round.approval.verifiedBy,
      },
      changes: round.changesAt && {
        name: guestName(round.changesGuestName),
        at: round.changesAt,
        verifiedBy: round.changesVerifiedBy ?? "session",
      },
    };
  }),

  /** Mails a code to the address given, when the link, its password and its addresses let them in and no limit is hit. */
  requestCode: publicProcedure
    .input(z.object({ token: guestTokenInput, email: guestEmailInput, name: guestNameInput, password: z.string().max(200).optional() }))
    .mutation(async ({ ctx, input }) => {
      const now = ctx.now();
      const mail = ctx.mail;
      const codeId = randomUUID();
      const expiresAt = new Date(now.getTime() + GUEST_CODE_TTL_MS);
      // Refusals are recorded too (they count against the limits), so they are answered after the transaction commits.
      const refusal = await ctx.db.transaction().execute(async (trx) => {
        const share = await openShare(trx, input.token, now, true);
        const byLink = await countGuestCodeRequests(
          trx,
          { shareId: share.id },
          new Date(now.getTime() - GUEST_CODE_REQUESTS_PER_LINK.windowMs),
        );
        if (overGuestLimit(byLink, GUEST_CODE_REQUESTS_PER_LINK))
          return new DomainError("RATE_LIMITED", "Too many codes were asked for on this link. Try again in an hour.");
        const byAddress = await countGuestCodeRequests(
          trx,
          { email: input.email },
          new Date(now.getTime() - GUEST_CODE_REQUESTS_PER_ADDRESS.windowMs),
        );
        if (overGuestLimit(byAddress, GUEST_CODE_REQUESTS_PER_ADDRESS))
          return new DomainError("RATE_LIMITED", `Too many codes were sent to ${input.email}. Try again in an hour.`);
        const record = (codeHash: string | null) =>
          recordGuestCode(trx, {
            id: codeId,
            shareId: share.id,
            email: input.email,
            name: input.name,
            codeHash,
            createdAt: now,
            expiresAt,
          });
        const checked = await passwordMatches(input.password ?? "", share.passwordHash ?? (await DUMMY_HASH));
        const passwordOk = share.passwordHash === null || checked;
        let refused: DomainError | null = null;
        if (await guestCodeLocked(trx, share.id, input.email)) refused = new DomainError("FORBIDDEN", lockedMessage(input.email));
        else if (!guestEmailAllowed(share.emails, input.email))
          refused = new DomainError("FORBIDDEN", "This review link is for other e-mail addresses. Ask the studio to add yours.");
        else if (!passwordOk)
          refused = new DomainError("FORBIDDEN", input.password ? "That password is not right." : "This review link needs its password.");
        await touchGuestShare(trx, share.id, now);
        if (refused) {
          await record(null);
          return refused;
        }
        const code = newGuestCode();
        await record(guestCodeHash(codeId, code));
        const { projectTitle, round } = await roundTitle(trx, share.projectId, share.proofId);
        const what = `round ${round} of ${projectTitle}`;
        await mail?.outbox.enqueue(trx, [{ kind: "guest-code", ...guestCodeMail({ to: input.email, name: input.name, code, what }) }]);
        return null;
      });
      if (refusal) throw refusal;
      mail?.outbox.kick();
      return { sent: true, expiresAt };
    }),

  /** Checks the code: the right one begins a guest session on the link's round; wrong ones lock the link for the address. */
  verify: publicProcedure
    .input(z.object({ token: guestTokenInput, email: guestEmailInput, code: guestCodeInput }))
    .mutation(async ({ ctx, input }) => {
      const now = ctx.now();
      const share = await openShare(ctx.db, input.token, now);
      if (!guestEmailAllowed(share.emails, input.email))
        throw new DomainError("FORBIDDEN", "This review link is for other e-mail addresses. Ask the studio to add yours.");
      const secret = newSecret();
      const expiresAt = guestSessionExpiry(now, share.expiresAt);
      // One check at a time per link and address (the failures row is locked), so parallel guesses count one by one.
      // A refusal is answered after the transaction commits, so a wrong code stays counted.
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const failures = await lockGuestCodeFailures(trx, share.id, input.email);
        if (failures.lockedAt) return { refused: new DomainError("FORBIDDEN", lockedMessage(input.email)) };
        const sent = await latestGuestCode(trx, share.id, input.email);
        if (!sent?.codeHash) return { refused: new DomainError("PRECONDITION_FAILED", "Ask for a code first.") };
        if (!guestCodeMatches(sent.id, input.code, sent.codeHash)) {
          const wrong = await recordWrongGuestCode(trx, share.id, input.email, GUEST_CODE_MAX_WRONG, now);
          if (wrong >= GUEST_CODE_MAX_WRONG) return { refused: new DomainError("FORBIDDEN", lockedMessage(input.email)) };
          const left = GUEST_CODE_MAX_WRONG - wrong;
          return { refused: new DomainError("UNAUTHENTICATED", `That code is not right: ${left} ${left === 1 ? "try" : "tries"} left.`) };
        }
        if (sent.expiresAt.getTime() <= now.getTime())
          return { refused: new DomainError("UNAUTHENTICATED", "This code has expired. Ask for a new one.") };
        if (!(await useGuestCode(trx, sent.id, now)))
          return { refused: new DomainError("UNAUTHENTICATED", "This code was used already. Ask for a new one.") };
        await createGuestSession(trx, {
          id: randomUUID(),
          shareId: share.id,
          tokenHash: sha256Hex(secret),
          email: input.email,
          name: sent.name,
          createdAt: now,
          expiresAt,
        });
        await touchGuestShare(trx, share.id, now);
        return { name: sent.name };
      });
      if ("refused" in outcome) throw outcome.refused;
      ctx.guestCookie?.set(guestCookieHeader(secret, expiresAt, ctx.mail?.appUrl));
      return { proofId: share.proofId, name: outcome.name, expiresAt };
    }),
});
