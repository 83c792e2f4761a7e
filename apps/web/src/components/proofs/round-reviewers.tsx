"use client";
// A round's approval chain where people answer it (docs/approval-chains.md): its reviewers step by step with their
// decisions and reasons, the step deciding now and the rule; the current step's approvers decide here; staff name
// or change the reviewers while nobody has decided, and set its deadlines. A round without approvers shows `answer` (one client answer).
import type { RouterOutputs } from "@atelier/api";
import { DECISIONS, type Decision, deadlineLabel, REVIEWER_ROLES, stepDueOn, verificationLabel } from "@atelier/domain";
import { Badge, Button, cn, Label, Textarea, toast } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { LocalDate } from "~/components/common/local-time";
import { submitOnModEnter } from "~/components/common/submit-keys";
import { useTRPC } from "~/trpc/react";
import { ReviewersEditor } from "./reviewers-editor";
import { DeadlineSummary, DeadlinesEditor } from "./round-deadlines";

type Chain = RouterOutputs["proofs"]["reviewers"];

const DECISION_STYLE: Record<Decision, string> = {
  approved: "border-emerald-500/40 text-emerald-700 dark:text-emerald-300",
  approved_with_changes: "border-emerald-500/40 text-emerald-700 dark:text-emerald-300",
  changes_required: "border-amber-500/50 text-amber-700 dark:text-amber-300",
  not_relevant: "text-muted-foreground",
};

export function RoundReviewers({
  proofId,
  waiting,
  staff,
  answer,
  onChanged,
}: {
  proofId: string;
  /** The round is the latest and waits for an answer. */
  waiting: boolean;
  staff: boolean;
  /** The single answer, shown while the round names no approver. */
  answer: ReactNode;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const chain = useQuery(trpc.proofs.reviewers.queryOptions({ proofId }));
  const [editing, setEditing] = useState<"reviewers" | "deadlines" | null>(null);
  const changed = () => {
    void queryClient.invalidateQueries(trpc.proofs.reviewers.queryFilter({ proofId }));
    onChanged();
  };
  const data = chain.data;
  // Until the chain is read, neither answer shows: a round with approvers is not answered by one click.
  if (!data) return null;
  const decided = data.reviewers.some((r) => r.decision !== null);

  const done = () => {
    setEditing(null);
    changed();
  };

  return (
    <div className="grid gap-3">
      {waiting && <DeadlineSummary chain={data} />}
      {data.reviewers.length > 0 && <ChainList chain={data} />}
      {data.chain && waiting && data.you.canDecide && <DecideForm proofId={proofId} onDone={changed} />}
      {waiting && !data.you.canDecide && (data.you.role || (!data.chain && data.deadlines.locked)) && (
        <p className="text-sm text-muted-foreground" data-testid="decide-refusal">
          {data.you.refusal}
        </p>
      )}
      {!data.chain && !data.deadlines.locked && answer}
      {staff && waiting && editing === "reviewers" && (
        <ReviewersEditor proofId={proofId} current={data.reviewers} onCancel={() => setEditing(null)} onSaved={done} />
      )}
      {staff && waiting && editing === "deadlines" && (
        <DeadlinesEditor proofId={proofId} chain={data} onCancel={() => setEditing(null)} onSaved={done} />
      )}
      {staff && waiting && editing === null && (
        <div className="flex flex-wrap gap-2">
          {!decided && (
            <Button variant="outline" className="h-11" onClick={() => setEditing("reviewers")}>
              {data.reviewers.length ? "Change reviewers" : "Name reviewers"}
            </Button>
          )}
          <Button variant="outline" className="h-11" onClick={() => setEditing("deadlines")}>
            Deadlines
          </Button>
        </div>
      )}
    </div>
  );
}

/** " · due Monday 1 June" for a step with a day (its own or the round's); nothing without one. */
const dueLabel = (dueOn: string | null) => (dueOn ? ` · due ${deadlineLabel(dueOn)}` : "");

function ChainList({ chain }: { chain: Chain }) {
  const steps = [...new Set(chain.reviewers.map((r) => r.step))].sort((a, b) => a - b);
  const many = steps.length > 1;
  return (
    <section className="grid gap-2 rounded-md border p-3" aria-label="Reviewers" data-testid="round-reviewers">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-sm font-medium">Reviewers</h4>
        {chain.chain && chain.currentStep !== null && many && (
          <Badge variant="outline" data-testid="current-step">
            Step {chain.currentStep} of {chain.steps.length} deciding
          </Badge>
        )}
        {chain.stalled && (
          <Badge variant="outline" className="border-amber-500/50 text-amber-700 dark:text-amber-300">
            Every approver said not relevant: send a new round
          </Badge>
        )}
      </div>
      <ol className="grid gap-3">
        {steps.map((step) => (
          <li key={step} className="grid gap-1">
            {many && (
              <p className={cn("text-xs text-muted-foreground", step === chain.currentStep && "font-medium text-foreground")}>
                Step {step}
                {step === chain.currentStep ? " · deciding now" : ""}
                {dueLabel(stepDueOn(step, chain.deadlines))}
              </p>
            )}
            <ul className="grid gap-2">
              {chain.reviewers
                .filter((r) => r.step === step)
                .map((r) => (
                  <li key={r.email} className="grid gap-0.5 text-sm" data-testid="reviewer">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="min-w-0 wrap-anywhere font-medium">{r.name ?? r.email}</span>
                      {r.name && <span className="min-w-0 wrap-anywhere text-xs text-muted-foreground">{r.email}</span>}
                      <span className="text-xs text-muted-foreground">{REVIEWER_ROLES[r.role]}</span>
                      {r.decision ? (
                        <Badge variant="outline" className={DECISION_STYLE[r.decision]} data-testid="reviewer-decision">
                          {r.decisionLabel}
                        </Badge>
                      ) : (
                        r.role === "approver" && (
                          <span className="text-xs text-muted-foreground">
                            {r.step === chain.currentStep ? "waiting for their decision" : "not yet"}
                          </span>
                        )
                      )}
                    </div>
                    {r.decision && r.decidedAt && (
                      <p className="text-xs text-muted-foreground">
                        <LocalDate at={r.decidedAt} />
                        {r.verifiedBy ? `, ${verificationLabel(r.verifiedBy)}` : ""}
                      </p>
                    )}
                    {r.reason && <p className="whitespace-pre-wrap wrap-anywhere text-sm">{r.reason}</p>}
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ol>
      {chain.chain && (
        <details className="text-xs text-muted-foreground">
          <summary className="inline-flex min-h-11 cursor-pointer items-center">How this round is decided</summary>
          <p className="wrap-anywhere">{chain.rule}</p>
        </details>
      )}
    </section>
  );
}

/** The current step's approver decides: one of the four decisions, with a reason (needed when changes are required). */
function DecideForm({ proofId, onDone }: { proofId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const id = useId();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useMutation(
    trpc.proofs.decide.mutationOptions({
      onSuccess: (answer) => {
        toast({
          title: DECISIONS[answer.decision],
          description:
            answer.status === "approved"
              ? "Every approver has decided: the round is approved."
              : answer.status === "changes_required"
                ? "The studio is asked for changes."
                : answer.currentStep !== null
                  ? `Step ${answer.currentStep} decides next.`
                  : undefined,
        });
        setDecision(null);
        setReason("");
        onDone();
      },
    }),
  );
  const submit = async () => {
    if (!decision) return setProblem("Choose a decision.");
    // The reason's rule (and zod) loads with the first decision sent, not with the page (docs/performance.md).
    const { decisionReasonInput } = await import("./forms");
    const parsed = decisionReasonInput.safeParse(reason);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the reason.");
    if (decision === "changes_required" && !parsed.data) return setProblem("Say what should change.");
    setProblem(null);
    decide.mutate({ proofId, decision, ...(parsed.data ? { reason: parsed.data } : {}) });
  };

  return (
    <form
      className="grid gap-3 rounded-md border p-3"
      noValidate
      data-testid="decide-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Your decision on this round</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(Object.entries(DECISIONS) as [Decision, string][]).map(([value, label]) => (
            <label
              key={value}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm",
                decision === value && "border-ring ring-2 ring-ring/40",
              )}
            >
              <input
                type="radio"
                name={`${id}-decision`}
                value={value}
                checked={decision === value}
                onChange={() => setDecision(value)}
                className="size-4"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-reason`}>Reason {decision === "changes_required" ? "(what should change)" : "(optional)"}</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={submitOnModEnter}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive-text">
          {problem}
        </p>
      )}
      <div className="flex justify-end">
        <SubmitButton pending={decide.isPending} pendingLabel="Sending…">
          Send decision
        </SubmitButton>
      </div>
      <FormError error={decide.error} />
    </form>
  );
}
