import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { Hash } from "./hash";
import type { ProofsPanelProject } from "./types";

/** Whether the print-ready files are the bytes approved in the last approved round. */
export function PrintCheck({ check }: { check: ProofsPanelProject["printCheck"] }) {
  if (check === null) return null;
  if (check === "unchecked")
    return <p className="text-sm text-muted-foreground">The print-ready files could not be checked against the approval right now.</p>;
  if (check.printReadyFiles === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="print-check">
        Round {check.approvedRound} is approved. No print-ready files yet: each one is checked against the approved files when it is
        uploaded.
      </p>
    );
  if (check.mismatched.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300" data-testid="print-check">
        <CheckCircle2 className="size-4 shrink-0" aria-hidden />{" "}
        {check.printReadyFiles === 1 ? "The print-ready file matches" : `All ${check.printReadyFiles} print-ready files match`} approved
        round {check.approvedRound}.
      </p>
    );
  return (
    <div role="alert" data-testid="print-mismatch" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive-text">
        <AlertTriangle className="size-4 shrink-0" aria-hidden /> Not the approved files
      </p>
      <p className="mt-1">
        These print-ready files differ from what was approved in round {check.approvedRound}. Send them as a proof for a new approval before
        delivering:
      </p>
      <ul className="mt-1 grid gap-1">
        {check.mismatched.map((f) => (
          <li key={f.id}>
            <span className="break-all font-medium">{f.name}</span>
            {f.sha256 ? <Hash value={f.sha256} /> : <span className="text-muted-foreground"> (no longer stored)</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
