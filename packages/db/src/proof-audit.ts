// What happened to a project's proof rounds, read from where each thing is kept (docs/proof-audit.md): rounds,
// reviewers named, removed, mailed and reminded, review links and their use, codes, guest sessions, pins, decisions, approvals and requests for
// changes. Nothing here is ever deleted, so the trail has no retention limit.
import { type AuditEvent, DECISIONS, isInternalNote, REVIEW_REMINDERS, sortAuditEvents, verificationLabel } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";

const guest = (name: string) => `${name} (guest)`;

export async function proofAuditEvents(db: Db, projectId: string): Promise<AuditEvent[]> {
  const rounds = await db
    .selectFrom("proofs")
    .leftJoin("users", "users.id", "proofs.sentBy")
    .leftJoin("users as changer", "changer.id", "proofs.changesBy")
    .select([
      "proofs.id",
      "proofs.round",
      "proofs.note",
      "proofs.dueOn",
      "proofs.createdAt",
      "proofs.changesAt",
      "proofs.changesVerifiedBy",
      "proofs.changesGuestName",
      "proofs.changesGuestEmail",
      "proofs.revision",
      "proofs.billable",
      "users.name as senderName",
      "users.email as senderEmail",
      "changer.name as changerName",
      "changer.email as changerEmail",
    ])
    .where("proofs.projectId", "=", projectId)
    .execute();
  if (rounds.length === 0) return [];
  const ids = rounds.map((r) => r.id);
  const roundOf = new Map(rounds.map((r) => [r.id, r.round]));
  const round = (proofId: string) => roundOf.get(proofId) ?? 0;
  const none = { name: null, email: null, verifiedBy: null, ipAddress: null, userAgent: null };

  const [files, approvals, reviewers, shares, codes, sessions, pins, reminders, changes] = await Promise.all([
    db.selectFrom("proofFiles").select(["proofId", "name", "sha256"]).where("proofId", "in", ids).orderBy("position").execute(),
    db
      .selectFrom("proofApprovals")
      .leftJoin("users", "users.id", "proofApprovals.approvedBy")
      .selectAll("proofApprovals")
      .select(["users.name as userName", "users.email as userEmail"])
      .where("proofApprovals.proofId", "in", ids)
      .execute(),
    db
      .selectFrom("proofReviewers")
      .leftJoin("users", (join) => join.on(sql`lower(users.email)`, "=", sql.ref("proofReviewers.email")))
      .selectAll("proofReviewers")
      .select("users.name as userName")
      .where("proofReviewers.proofId", "in", ids)
      .execute(),
    db
      .selectFrom("guestShares")
      .leftJoin("users", "users.id", "guestShares.createdBy")
      .leftJoin("users as revoker", "revoker.id", "guestShares.revokedBy")
      .select([
        "guestShares.id",
        "guestShares.proofId",
        "guestShares.createdAt",
        "guestShares.expiresAt",
        "guestShares.passwordHash",
        "guestShares.emails",
        "guestShares.revokedAt",
        "guestShares.lastOpenedAt",
        "users.name as creatorName",
        "users.email as creatorEmail",
        "revoker.name as revokerName",
        "revoker.email as revokerEmail",
      ])
      .where("guestShares.proofId", "in", ids)
      .execute(),
    db
      .selectFrom("guestCodes")
      .innerJoin("guestShares", "guestShares.id", "guestCodes.shareId")
      .select(["guestShares.proofId", "guestCodes.email", "guestCodes.name", "guestCodes.codeHash", "guestCodes.createdAt"])
      .where("guestShares.proofId", "in", ids)
      .execute(),
    db
      .selectFrom("guestSessions")
      .innerJoin("guestShares", "guestShares.id", "guestSessions.shareId")
      .select(["guestShares.proofId", "guestSessions.email", "guestSessions.name", "guestSessions.createdAt"])
      .where("guestShares.proofId", "in", ids)
      .execute(),
    db
      .selectFrom("annotations")
      .innerJoin("comments", "comments.id", "annotations.commentId")
      .innerJoin("proofFiles", (join) =>
        join.onRef("proofFiles.proofId", "=", "annotations.proofId").onRef("proofFiles.fileId", "=", "annotations.fileId"),
      )
      .leftJoin("users", "users.id", "annotations.createdBy")
      .leftJoin("users as resolver", "resolver.id", "annotations.resolvedBy")
      .select([
        "annotations.proofId",
        "annotations.createdAt",
        "annotations.resolvedAt",
        "annotations.page",
        "annotations.guestName",
        "annotations.guestEmail",
        "comments.body",
        "comments.event as commentEvent",
        "proofFiles.name as fileName",
        "users.name as userName",
        "users.email as userEmail",
        "resolver.name as resolverName",
        "resolver.email as resolverEmail",
      ])
      .where("annotations.proofId", "in", ids)
      .execute(),
    db
      .selectFrom("reviewReminders")
      .leftJoin("users", (join) => join.on(sql`lower(users.email)`, "=", sql.ref("reviewReminders.email")))
      .selectAll("reviewReminders")
      .select("users.name as userName")
      .where("reviewReminders.proofId", "in", ids)
      .execute(),
    db
      .selectFrom("proofReviewerChanges")
      .leftJoin("users", "users.id", "proofReviewerChanges.changedBy")
      .selectAll("proofReviewerChanges")
      .select(["users.name as userName", "users.email as userEmail"])
      .where("proofReviewerChanges.proofId", "in", ids)
      .execute(),
  ]);

  const events: AuditEvent[] = [];
  for (const r of rounds) {
    const names = files.filter((f) => f.proofId === r.id).map((f) => `${f.name} (SHA-256 ${f.sha256})`);
    events.push({
      ...none,
      at: r.createdAt,
      round: r.round,
      event: "round_sent",
      name: r.senderName,
      email: r.senderEmail,
      verifiedBy: r.senderEmail ? verificationLabel("session") : null,
      detail: [...names, r.dueOn ? `answer by ${r.dueOn}` : "", r.note ? `note: ${r.note}` : ""].filter(Boolean).join("\n"),
    });
    if (r.changesAt) {
      const byGuest = r.changesVerifiedBy === "email_code";
      events.push({
        ...none,
        at: r.changesAt,
        round: r.round,
        event: "changes_requested",
        name: byGuest && r.changesGuestName ? guest(r.changesGuestName) : r.changerName,
        email: byGuest ? r.changesGuestEmail : r.changerEmail,
        verifiedBy: r.changesVerifiedBy ? verificationLabel(r.changesVerifiedBy) : null,
        detail: r.revision === null ? "" : `change round ${r.revision}${r.billable ? ", billable" : ""}`,
      });
    }
  }
  for (const a of approvals) {
    const byGuest = a.verifiedBy === "email_code";
    events.push({
      at: a.approvedAt,
      round: a.round,
      event: "approved",
      name: byGuest && a.guestName ? guest(a.guestName) : a.userName,
      email: byGuest ? a.guestEmail : a.userEmail,
      verifiedBy: verificationLabel(a.verifiedBy),
      detail: a.sha256s.map((s) => `SHA-256 ${s}`).join("\n"),
      ipAddress: a.ipAddress,
      userAgent: a.userAgent,
    });
  }
  for (const r of reviewers) {
    const name = r.userName ?? (r.guestName ? guest(r.guestName) : null);
    if (r.notifiedAt)
      events.push({
        ...none,
        at: r.notifiedAt,
        round: round(r.proofId),
        event: "reviewer_notified",
        name,
        email: r.email,
        detail: `${r.role}, step ${r.step}`,
      });
    if (r.decision && r.decidedAt)
      events.push({
        at: r.decidedAt,
        round: round(r.proofId),
        event: "decision",
        name,
        email: r.email,
        verifiedBy: r.verifiedBy ? verificationLabel(r.verifiedBy) : null,
        detail: `${DECISIONS[r.decision]}, step ${r.step}${r.reason ? `: ${r.reason}` : ""}`,
        ipAddress: r.ipAddress,
        userAgent: r.userAgent,
      });
  }
  // Who changed the list acted; the reviewer named or removed is in the detail.
  for (const c of changes)
    events.push({
      ...none,
      at: c.changedAt,
      round: round(c.proofId),
      event: c.change === "named" ? "reviewer_named" : "reviewer_removed",
      name: c.userName,
      email: c.userEmail,
      verifiedBy: c.userEmail ? verificationLabel("session") : null,
      detail: `${c.email}: ${c.role}, step ${c.step}`,
    });
  for (const m of reminders)
    events.push({
      ...none,
      at: m.sentAt,
      round: round(m.proofId),
      event: "reminder_sent",
      name: m.userName,
      email: m.email,
      detail: `${REVIEW_REMINDERS[m.kind]}, due ${m.dueOn}${m.step === null ? "" : `, step ${m.step}`} (their day ${m.day})`,
    });
  for (const s of shares) {
    const limits = [
      `expires ${s.expiresAt.toISOString()}`,
      s.passwordHash ? "with a password" : "",
      s.emails?.length ? `for ${s.emails.join(", ")}` : "for anyone with the link",
    ].filter(Boolean);
    events.push({
      ...none,
      at: s.createdAt,
      round: round(s.proofId),
      event: "link_created",
      name: s.creatorName,
      email: s.creatorEmail,
      detail: limits.join("; "),
    });
    if (s.lastOpenedAt)
      events.push({ ...none, at: s.lastOpenedAt, round: round(s.proofId), event: "link_opened", detail: limits.join("; ") });
    if (s.revokedAt)
      events.push({
        ...none,
        at: s.revokedAt,
        round: round(s.proofId),
        event: "link_revoked",
        name: s.revokerName,
        email: s.revokerEmail,
        detail: "",
      });
  }
  for (const c of codes)
    events.push({
      ...none,
      at: c.createdAt,
      round: round(c.proofId),
      event: c.codeHash === null ? "code_refused" : "code_sent",
      name: guest(c.name),
      email: c.email,
      detail: "",
    });
  for (const s of sessions)
    events.push({
      ...none,
      at: s.createdAt,
      round: round(s.proofId),
      event: "guest_verified",
      name: guest(s.name),
      email: s.email,
      verifiedBy: verificationLabel("email_code"),
      detail: "",
    });
  for (const p of pins) {
    const byGuest = p.guestEmail !== null;
    const where = `${p.fileName}${p.page === null ? "" : `, page ${p.page}`}`;
    events.push({
      ...none,
      at: p.createdAt,
      round: round(p.proofId),
      event: "pin",
      name: byGuest && p.guestName ? guest(p.guestName) : p.userName,
      email: byGuest ? p.guestEmail : p.userEmail,
      verifiedBy: verificationLabel(byGuest ? "email_code" : "session"),
      detail: `${where}${isInternalNote(p.commentEvent) ? " (internal note)" : ""}: ${p.body}`,
    });
    if (p.resolvedAt)
      events.push({
        ...none,
        at: p.resolvedAt,
        round: round(p.proofId),
        event: "pin_resolved",
        name: p.resolverName,
        email: p.resolverEmail,
        detail: where,
      });
  }
  return sortAuditEvents(events);
}
