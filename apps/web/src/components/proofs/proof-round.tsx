"use client";
import type { RouterOutputs } from "@atelier/api";
import { PROOF_ROUND_ANCHOR, PROOF_STATUSES, type ProofStatus, verificationLabel } from "@atelier/domain";
import { Badge, Button, cn } from "@atelier/ui";
import { Eye } from "lucide-react";
import type { ReactNode } from "react";
import { formatDay } from "~/components/common/format";
import { LinkedText } from "~/components/common/linked-text";
import { LocalDate } from "~/components/common/local-time";
import { MediaLength } from "~/components/viewer/media-length";
import { CertificateLink } from "./certificate-link";
import { Hash } from "./hash";
import { ZipLink } from "./zip-link";

const STATUS_STYLE: Record<ProofStatus, string> = {
  sent: "border-fuchsia-500/40 text-fuchsia-700 dark:text-fuchsia-300",
  changes_requested: "border-amber-500/50 text-amber-700 dark:text-amber-300",
  approved: "border-emerald-500/40 text-emerald-700 dark:text-emerald-300",
  superseded: "text-muted-foreground",
};

/**
 * One round as the panel lists it: its status, note and ZIP, each file (opened in the proof viewer by `onOpen`), the
 * approval with the SHA-256 of every file, and `answer`, the client's buttons on the latest round.
 */
export function ProofRound({
  proof,
  onOpen,
  answer,
  share,
  checklist,
  linked = false,
}: {
  proof: RouterOutputs["proofs"]["list"][number];
  onOpen: (index: number) => void;
  answer: ReactNode;
  /** Staff's sharing of the round with guests by link. */
  share?: ReactNode;
  /** The round before's checklist, and where each item was addressed in this one. */
  checklist?: ReactNode;
  /** The round a link (a mail's button) opened: marked, and brought into view by the panel. */
  linked?: boolean;
}) {
  return (
    <li
      id={`${PROOF_ROUND_ANCHOR}${proof.round}`}
      className={cn("grid scroll-mt-20 gap-2 rounded-lg border p-3", linked && "ring-2 ring-ring")}
      data-testid="proof"
      data-round={proof.round}
      data-linked={linked || undefined}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">Round {proof.round}</h3>
        <Badge variant="outline" className={STATUS_STYLE[proof.status]} data-testid="proof-status">
          {PROOF_STATUSES[proof.status]}
        </Badge>
        {proof.billable && <Badge variant="outline">Billable change round</Badge>}
        <span className="text-xs text-muted-foreground">
          Sent <LocalDate at={proof.createdAt} />
          {proof.senderName ? ` by ${proof.senderName}` : ""}
        </span>
        {proof.dueOn && <span className="text-xs text-muted-foreground">· answer by {formatDay(proof.dueOn)}</span>}
      </div>
      {proof.note && (
        <p className="whitespace-pre-wrap wrap-anywhere text-sm">
          <LinkedText>{proof.note}</LinkedText>
        </p>
      )}
      <ZipLink href={proof.zipUrl} />
      <ul className="grid gap-2 sm:grid-cols-2">
        {proof.files.map((f, index) => (
          <li key={f.id} className="flex min-w-0 items-center gap-2 rounded-md border p-2" data-testid="proof-file">
            <span className="relative shrink-0">
              <img src={f.thumbnail} alt="" className="size-12 rounded bg-muted object-cover" loading="lazy" />
              <MediaLength file={f} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" title={f.name}>
                {f.name}
              </p>
              <p className="truncate font-mono text-[11px] text-muted-foreground" title={`SHA-256 ${f.sha256}`}>
                {f.sha256.slice(0, 16)}…
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-11 shrink-0 sm:size-11"
              aria-label={`Open ${f.name}`}
              onClick={() => onOpen(index)}
            >
              <Eye className="size-5" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {proof.approval && (
        <div className="rounded-md bg-emerald-500/10 p-2 text-sm" data-testid="approval">
          <p>
            Approved by {proof.approval.byName ?? "someone"}
            {proof.approval.actingFor ? " for the client" : ""}
            {proof.approval.verifiedBy === "email_code" ? `, ${verificationLabel("email_code")},` : ""} on{" "}
            <LocalDate at={proof.approval.at} />. The approved bytes (SHA-256):
          </p>
          <ul className="mt-1 grid gap-1">
            {proof.files.map((f, i) => (
              <li key={f.id} data-testid="approved-hash">
                <span className="break-all text-xs">{f.name}</span>
                <Hash value={proof.approval!.sha256s[i] ?? f.sha256} />
              </li>
            ))}
          </ul>
          {proof.status === "approved" && <CertificateLink proofId={proof.id} />}
        </div>
      )}
      {checklist}
      {share}
      {answer}
    </li>
  );
}
