"use client";
// A project's proof rounds: staff send one from the project's files; the client's people ask for changes (against the
// revision allowance) or approve the latest; approvals show the SHA-256 of every file, and print-ready files that differ.
import { canTakeAction, isStaff, proofAuditPath, type SessionUser } from "@atelier/domain";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { comparison } from "~/components/compare/comparable";
import { useWarmPdfEngine } from "~/components/viewer/use-warm-pdf-engine";
import { useTRPC } from "~/trpc/react";
import { AllowanceForm } from "./allowance-form";
import { AnswerProof } from "./answer-proof";
import { PrintCheck } from "./print-check";
import { ProofRound } from "./proof-round";
import { ProofViewer } from "./proof-viewer";
import { AddressedChecklist } from "./round-checklist";
import { RoundReviewers } from "./round-reviewers";
import { SendProofForm } from "./send-proof-form";
import { ShareRound } from "./share-round";
import type { ProofsPanelProject, UploadForProof } from "./types";
import { type ProofViewing, usePinFromHash, useRoundFromHash } from "./use-pin-from-hash";
import { useProofsRefresh } from "./use-proofs-refresh";

// The compare dialog (pdf.js, the differences worker) loads when it is opened, not with the project page.
const CompareRounds = dynamic(() => import("~/components/compare/compare-rounds").then((m) => m.CompareRounds), { ssr: false });

export function ProofsPanel({
  project,
  user,
  uploadNew,
}: {
  project: ProofsPanelProject;
  user: SessionUser;
  /** Lets staff upload new files for a proof as they send it. */
  uploadNew?: UploadForProof;
}) {
  const trpc = useTRPC();
  const proofs = useQuery(trpc.proofs.list.queryOptions({ projectId: project.id }));
  const ledger = useQuery(trpc.proofs.ledger.queryOptions({ projectId: project.id }));
  useWarmPdfEngine(proofs.data?.flatMap((p) => p.files));
  const refresh = useProofsRefresh(project.id);
  const [viewing, setViewing] = useState<ProofViewing | null>(null);
  const [comparing, setComparing] = useState(false);
  const compares = comparison(proofs.data);
  usePinFromHash(project.id, proofs.data, setViewing);
  const linkedRound = useRoundFromHash(proofs.data);
  const canSend = canTakeAction(user.role, project.stage, "sendProof");
  const canAnswer = canTakeAction(user.role, project.stage, "approve");
  const latestRound = proofs.data?.[0]?.round;
  /** The latest round's reviewers and the way to answer it; `staff` also lets the studio name the reviewers. */
  const decision = (proof: NonNullable<typeof proofs.data>[number], staff: boolean) =>
    proof.round === latestRound && (
      <RoundReviewers
        proofId={proof.id}
        waiting={proof.status === "sent"}
        staff={staff}
        onChanged={refresh}
        answer={canAnswer && proof.status === "sent" && <AnswerProof proofId={proof.id} next={ledger.data?.next} onDone={refresh} />}
      />
    );

  return (
    <Card role="region" aria-labelledby="proofs-title">
      <CardHeader>
        <CardTitle id="proofs-title">Proofs</CardTitle>
        <CardDescription data-testid="revision-ledger">
          {ledger.data ? `Changes: ${ledger.data.label}` : "\u00a0"}
          {ledger.data && ledger.data.used > ledger.data.allowance && " · extra rounds are billed"}
        </CardDescription>
        {isStaff(user.role) && !!proofs.data?.length && (
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground" data-testid="proof-audit">
            Audit trail:
            <a
              className="inline-flex min-h-11 items-center underline underline-offset-2 sm:min-h-0"
              href={proofAuditPath(project.id, "csv")}
              download
            >
              CSV
            </a>
            <a
              className="inline-flex min-h-11 items-center underline underline-offset-2 sm:min-h-0"
              href={proofAuditPath(project.id, "json")}
              download
            >
              JSON
            </a>
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {isStaff(user.role) && ledger.data && <AllowanceForm project={project} allowance={ledger.data.allowance} onSaved={refresh} />}
        <PrintCheck check={project.printCheck} />
        {canSend && <SendProofForm project={project} latest={proofs.data?.[0]} onSent={refresh} uploadNew={uploadNew} />}
        {proofs.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {isStaff(user.role) ? "No proof sent yet." : "No proof yet: the studio sends one here when it is ready."}
          </p>
        )}
        {compares && (
          <div>
            <Button variant="outline" className="max-sm:min-h-11" onClick={() => setComparing(true)}>
              {compares === "rounds" ? "Compare rounds" : "Compare files"}
            </Button>
          </div>
        )}
        <ol className="grid gap-3">
          {proofs.data?.map((proof, i, rounds) => (
            <ProofRound
              key={proof.id}
              proof={proof}
              linked={proof.round === linkedRound}
              onOpen={(index) => setViewing({ proofId: proof.id, files: proof.files, index })}
              checklist={
                rounds[i + 1] && (
                  <AddressedChecklist
                    previous={rounds[i + 1]!}
                    round={proof}
                    onOpen={(index, page) => setViewing({ proofId: proof.id, files: proof.files, index, page })}
                  />
                )
              }
              share={isStaff(user.role) && <ShareRound proofId={proof.id} />}
              answer={decision(proof, isStaff(user.role))}
            />
          ))}
        </ol>
      </CardContent>
      {comparing && proofs.data && (
        <CompareRounds
          rounds={proofs.data}
          decide={(shown) => {
            // Compare is loaded on demand, its rounds typed by what it reads: the panel's own round is answered.
            const round = proofs.data?.find((r) => r.id === shown.id);
            return round && canAnswer && round.status === "sent" && decision(round, false);
          }}
          onClose={() => setComparing(false)}
        />
      )}
      {viewing && (
        <ProofViewer
          key={`${viewing.proofId}:${viewing.index}:${viewing.pinId ?? ""}`}
          proofId={viewing.proofId}
          files={viewing.files}
          initialIndex={viewing.index}
          user={user}
          initialPage={viewing.page}
          initialPin={viewing.pinId}
          onClose={() => setViewing(null)}
        />
      )}
    </Card>
  );
}
