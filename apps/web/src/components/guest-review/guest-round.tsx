"use client";
// A guest's round: its project, number, status and note, its files (opened in the proof viewer, where they pin
// comments), who decided and how they were known, and while it waits, Approve and Request changes.
import type { RouterOutputs } from "@atelier/api";
import { PROOF_STATUSES, verificationLabel } from "@atelier/domain";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from "@atelier/ui";
import { useQueryClient } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { formatBytes, formatDay } from "~/components/common/format";
import { LinkedText } from "~/components/common/linked-text";
import { LocalDate } from "~/components/common/local-time";
import { AnswerProof } from "~/components/proofs/answer-proof";
import { RoundReviewers } from "~/components/proofs/round-reviewers";
import { ZipLink } from "~/components/proofs/zip-link";
import { MediaLength } from "~/components/viewer/media-length";
import { useTRPC } from "~/trpc/react";
import { GuestFrame } from "./guest-frame";

type Round = RouterOutputs["guest"]["round"];

function Decision({ what, by }: { what: string; by: NonNullable<Round["approval"] | Round["changes"]> }) {
  return (
    <p className="wrap-anywhere rounded-md bg-muted p-2 text-sm" data-testid="guest-decision">
      {what} by {by.name ?? "the client"}, {verificationLabel(by.verifiedBy)}, on <LocalDate at={by.at} />.
    </p>
  );
}

// The viewer (pdf.js's engine, markup, media controls) loads when a file is first opened.
const ProofViewer = dynamic(() => import("~/components/proofs/proof-viewer").then((m) => m.ProofViewer), { ssr: false });

export function GuestRound({ round }: { round: Round }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const refresh = () => void queryClient.invalidateQueries(trpc.guest.round.queryFilter());

  return (
    <GuestFrame wide>
      <Card data-testid="guest-round">
        <CardHeader>
          <CardDescription className="wrap-anywhere">
            Reviewing as {round.you.name} ({round.you.email})
          </CardDescription>
          <CardTitle className="wrap-anywhere text-xl" data-testid="guest-project-title">
            {round.projectTitle}
          </CardTitle>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">Round {round.round}</span>
            <Badge variant="outline" data-testid="proof-status">
              {PROOF_STATUSES[round.status]}
            </Badge>
            <span className="text-xs text-muted-foreground">
              Sent <LocalDate at={round.sentAt} />
              {round.dueOn ? ` · answer by ${formatDay(round.dueOn)}` : ""}
            </span>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {round.note && (
            <p className="whitespace-pre-wrap wrap-anywhere text-sm">
              <LinkedText>{round.note}</LinkedText>
            </p>
          )}
          <ZipLink href={round.zipUrl} />
          <ul className="grid gap-2 sm:grid-cols-2">
            {round.files.map((f, index) => (
              <li key={f.id} className="flex min-w-0 items-center gap-2 rounded-md border bg-background p-2" data-testid="proof-file">
                <span className="relative shrink-0">
                  <img src={f.thumbnail} alt="" className="size-12 rounded bg-muted object-cover" />
                  <MediaLength file={f} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" title={f.name}>
                    {f.name}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {formatBytes(f.size)}
                    {f.type ? ` · ${f.type}` : ""}
                  </p>
                </div>
                <Button variant="outline" className="h-11 shrink-0" aria-label={`Open ${f.name}`} onClick={() => setOpen(index)}>
                  <Eye className="size-5" aria-hidden /> <span className="hidden sm:inline">Open</span>
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">Open a file and click a point on it to pin a comment there.</p>
          {round.approval && <Decision what="Approved" by={round.approval} />}
          {round.changes && <Decision what="Changes requested" by={round.changes} />}
          <RoundReviewers
            proofId={round.proofId}
            waiting={round.status === "sent"}
            staff={false}
            onChanged={refresh}
            answer={round.status === "sent" && <AnswerProof proofId={round.proofId} next={undefined} onDone={refresh} />}
          />
        </CardContent>
      </Card>
      {open !== null && (
        <ProofViewer proofId={round.proofId} files={round.files} initialIndex={open} user={null} onClose={() => setOpen(null)} />
      )}
    </GuestFrame>
  );
}
