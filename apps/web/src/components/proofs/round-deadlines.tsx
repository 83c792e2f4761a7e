"use client";
// A round's deadlines where people answer it (docs/approval-chains.md, "Deadlines"): the day it waits on now, whether
// that passed, and whether the round closes then; staff set the round's day, a day per step of its chain, and the lock.
import type { RouterOutputs } from "@atelier/api";
import { deadlineLabel } from "@atelier/domain";
import { Badge, Button, Input, Label, showServerFieldErrors, toast, useLazyZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { useTRPC } from "~/trpc/react";

type Chain = RouterOutputs["proofs"]["reviewers"];

/** "Decision due Friday 4 December", overdue or closed, in one line. */
export function DeadlineSummary({ chain }: { chain: Chain }) {
  const { dueNow, overdue, locked, lockAtDeadline } = chain.deadlines;
  if (dueNow === null) return null;
  const step = chain.chain && chain.steps.length > 1 && chain.currentStep !== null ? `Step ${chain.currentStep} due` : "Decision due";
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="round-deadline">
      <span className="wrap-anywhere">
        {step} {deadlineLabel(dueNow)}
      </span>
      {overdue && (
        <Badge variant="outline" className="border-amber-500/50 text-amber-700 dark:text-amber-300" data-testid="round-overdue">
          {locked ? "Closed at its deadline" : "Overdue"}
        </Badge>
      )}
      {lockAtDeadline && !overdue && <span className="text-xs text-muted-foreground">Closes for decisions after that day</span>}
    </p>
  );
}

/** What saving the deadlines did: reminders to come, or a day already past (the round overdue, or closed). */
function deadlinesSavedText(deadlines: Chain["deadlines"]): string {
  if (deadlines.dueNow === null) return "The round has no deadline now.";
  if (deadlines.locked) return `${deadlineLabel(deadlines.dueNow)} has passed: the round is closed for decisions until you move it.`;
  if (deadlines.overdue) return `${deadlineLabel(deadlines.dueNow)} has passed: the round shows as overdue.`;
  return `Reminders go the day before and on ${deadlineLabel(deadlines.dueNow)} to whoever has not decided.`;
}

// The form keeps "" for a day left empty; the domain's input is built from it on submit (both load with the form's
// first check).
const loadDeadlinesForm = () => import("./forms").then((m) => m.deadlinesForm);
const loadDeadlinesInput = () => import("./forms").then((m) => m.roundDeadlinesInput);

/** Staff set the round's day, each step's own day (steps left empty follow the round's), and the lock. */
export function DeadlinesEditor({
  proofId,
  chain,
  onSaved,
  onCancel,
}: {
  proofId: string;
  chain: Chain;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const id = useId();
  const { deadlines } = chain;
  const steps = chain.steps.length > 1 ? chain.steps : [];
  const form = useLazyZodForm(loadDeadlinesForm, {
    defaultValues: {
      dueOn: deadlines.dueOn ?? "",
      steps: steps.map((step) => ({ step, dueOn: deadlines.steps.find((s) => s.step === step)?.dueOn ?? "" })),
      lockAtDeadline: deadlines.lockAtDeadline,
    },
  });
  const save = useMutation(
    trpc.proofs.setDeadlines.mutationOptions({
      onSuccess: (saved) => {
        toast({
          title: "Deadlines saved",
          description: deadlinesSavedText(saved.deadlines),
        });
        onSaved();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const submit = form.handleSubmit(async (values) => {
    const roundDeadlinesInput = await loadDeadlinesInput();
    const parsed = roundDeadlinesInput.safeParse({
      dueOn: values.dueOn || null,
      steps: values.steps.filter((s) => s.dueOn),
      lockAtDeadline: values.lockAtDeadline,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue?.path[0] === "steps" ? (`steps.${Number(issue.path[1])}.dueOn` as const) : ("dueOn" as const);
      form.setError(at, { message: issue?.message ?? "Check the days." });
      return;
    }
    save.mutate({ proofId, ...parsed.data });
  });
  const errors = form.formState.errors;

  return (
    <form className="grid gap-3 rounded-md border p-3" noValidate data-testid="deadlines-editor" onSubmit={submit}>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Deadlines of this round</legend>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-round`}>{steps.length ? "Round (steps without their own day)" : "Decision due"}</Label>
          <Input
            id={`${id}-round`}
            type="date"
            className="w-full sm:w-48"
            aria-invalid={errors.dueOn ? true : undefined}
            {...form.register("dueOn")}
          />
          {errors.dueOn?.message && <p className="text-sm text-destructive-text">{errors.dueOn.message}</p>}
        </div>
        {steps.map((step, i) => (
          <div key={step} className="grid gap-1">
            <Label htmlFor={`${id}-step-${step}`}>Step {step}</Label>
            <Input
              id={`${id}-step-${step}`}
              type="date"
              className="w-full sm:w-48"
              aria-invalid={errors.steps?.[i]?.dueOn ? true : undefined}
              {...form.register(`steps.${i}.dueOn`)}
            />
            {errors.steps?.[i]?.dueOn?.message && <p className="text-sm text-destructive-text">{errors.steps[i]?.dueOn?.message}</p>}
          </div>
        ))}
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register("lockAtDeadline")} />
          Close the round for decisions once its deadline has passed
        </label>
        <p className="text-xs text-muted-foreground">
          Whoever has not decided is mailed the day before and on the day, in their own time zone. A day has passed once it is over in UTC,
          the studio's day.
        </p>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" className="h-11" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save deadlines
        </SubmitButton>
      </div>
      <FormError error={save.error} fieldsShown />
    </form>
  );
}
