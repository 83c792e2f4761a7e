// Approval certificates (docs/approval-certificate.md): the record of an approved round that the studio signs, the rule
// that made the round approved, and the canonical text that is signed and verified.
import { z } from "zod";
import { CHAIN_APPROVAL_RULE, DECISIONS, type Decision, type ReviewerRole } from "./approval-chains";
import type { VerificationMethod } from "./guest-review";

/**
 * The rule that makes a round without approvers approved, as the certificate states it; a round that names approvers
 * states CHAIN_APPROVAL_RULE instead.
 */
export const APPROVAL_RULE = "A round is approved when one person of the client's business (or a guest reviewer of the round) approves it.";

/** The version of the record's shape; a verifier reads the fields of this version. */
const CERTIFICATE_VERSION = 1;

/** How the certificate says a decider was known. */
const CERTIFICATE_VERIFIED_BY: Record<VerificationMethod, string> = { session: "signed in", email_code: "e-mail code" };

/** A certificate's public id: 128 random bits in base64url. */
export const certificateIdInput = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "Not a certificate id.");

interface CertificateDecision {
  decision: Decision;
  /** What the decision is called where people read it ("Approved with changes"). */
  label: string;
  /** On a round with approvers: their role, step and reason. */
  role?: ReviewerRole;
  step?: number;
  reason?: string | null;
  name: string;
  email: string;
  verifiedBy: string;
  /** ISO 8601 in UTC. */
  at: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface CertificateRecord {
  version: number;
  id: string;
  issuer: string;
  project: { id: string; name: string; title: string; business: string };
  round: { id: string; number: number; sentAt: string; approvedAt: string };
  files: { name: string; size: number; sha256: string }[];
  decisions: CertificateDecision[];
  rule: string;
  issuedAt: string;
}

/** What an approved round is made of, as the database answers it. */
export interface ApprovedRound {
  proofId: string;
  round: number;
  sentAt: Date;
  projectId: string;
  projectName: string;
  projectTitle: string;
  businessName: string;
  approvedAt: Date;
  verifiedBy: VerificationMethod;
  guestName: string | null;
  guestEmail: string | null;
  approverName: string | null;
  approverEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  files: { name: string; size: number; sha256: string }[];
  /** The decisions of a round that named approvers, in step order; empty when one answer approved it. */
  chain: ChainDecision[];
}

/** One decision of an approval chain, as the database keeps it. */
interface ChainDecision {
  email: string;
  name: string | null;
  role: ReviewerRole;
  step: number;
  decision: Decision;
  reason: string | null;
  decidedAt: Date;
  verifiedBy: VerificationMethod;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The record of an approved round under its id, issued at `issuedAt` by `issuer` (the site's address). */
export function certificateRecord(round: ApprovedRound, id: string, issuer: string, issuedAt: Date): CertificateRecord {
  const guest = round.verifiedBy === "email_code";
  return {
    version: CERTIFICATE_VERSION,
    id,
    issuer,
    project: { id: round.projectId, name: round.projectName, title: round.projectTitle, business: round.businessName },
    round: { id: round.proofId, number: round.round, sentAt: round.sentAt.toISOString(), approvedAt: round.approvedAt.toISOString() },
    files: round.files.map((f) => ({ name: f.name, size: Number(f.size), sha256: f.sha256 })),
    decisions:
      round.chain.length > 0
        ? round.chain.map(chainDecision)
        : [
            {
              decision: "approved",
              label: DECISIONS.approved,
              name: (guest ? round.guestName : round.approverName) ?? "",
              email: (guest ? round.guestEmail : round.approverEmail) ?? "",
              verifiedBy: CERTIFICATE_VERIFIED_BY[round.verifiedBy],
              at: round.approvedAt.toISOString(),
              ipAddress: round.ipAddress,
              userAgent: round.userAgent,
            },
          ],
    rule: round.chain.length > 0 ? CHAIN_APPROVAL_RULE : APPROVAL_RULE,
    issuedAt: issuedAt.toISOString(),
  };
}

function chainDecision(d: ChainDecision): CertificateDecision {
  return {
    decision: d.decision,
    label: DECISIONS[d.decision],
    role: d.role,
    step: d.step,
    reason: d.reason,
    name: d.name ?? "",
    email: d.email,
    verifiedBy: CERTIFICATE_VERIFIED_BY[d.verifiedBy],
    at: d.decidedAt.toISOString(),
    ipAddress: d.ipAddress,
    userAgent: d.userAgent,
  };
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * The one text a record is signed as: JSON with every object's keys sorted (by UTF-16 code units), no spaces. Written
 * here because the record holds only strings, safe integers, booleans, null, arrays and objects, for which this is
 * RFC 8785's canonical form (JSON.stringify already writes those strings and numbers as RFC 8785 does).
 */
export function canonicalJson(value: unknown): string {
  const json = value as Json;
  if (json === null || typeof json === "string" || typeof json === "boolean") return JSON.stringify(json);
  if (typeof json === "number") {
    if (!Number.isSafeInteger(json)) throw new Error(`A certificate holds whole numbers only, not ${json}.`);
    return JSON.stringify(json);
  }
  if (Array.isArray(json)) return `[${json.map(canonicalJson).join(",")}]`;
  if (typeof json === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(json))) {
    const keys = Object.keys(json)
      .filter((k) => json[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(json[k])}`).join(",")}}`;
  }
  throw new Error(`A certificate cannot hold a ${typeof value}.`);
}
