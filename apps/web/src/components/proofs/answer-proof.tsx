"use client";
import { Button, ConfirmDialog, cn, Field, fieldError, showServerFieldErrors, Textarea, toast, useLazyZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { submitOnModEnter } from "~/components/common/submit-keys";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

const loadChangesForm = () => import("./forms").then((m) => m.changesForm);

/** The client's answer to the latest round: approve it, or ask for changes (saying when that round is billed). */
export function AnswerProof({
  proofId,
  next,
  onDone,
}: {
  proofId: string;
  next: { label: string; billable: boolean } | undefined;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const [asking, setAsking] = useState(false);
  const form = useLazyZodForm(loadChangesForm, { defaultValues: { body: "" } });
  const requestChanges = useMutation(
    trpc.proofs.requestChanges.mutationOptions({
      onSuccess: ({ revisionsUsed, allowance }) => {
        toast({ title: `Changes requested: round ${revisionsUsed} of ${allowance} used` });
        setAsking(false);
        form.reset();
        onDone();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const approve = useMutation(
    trpc.proofs.approve.mutationOptions({
      onSuccess: () => {
        toast({ title: "Approved" });
        onDone();
      },
      onError: toastError,
    }),
  );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button className="h-11" disabled={approve.isPending} aria-keyshortcuts="A" data-shortcut="approve">
              Approve
            </Button>
          }
          title="Approve exactly these files for print?"
          description="Their SHA-256 is recorded with your approval, and the studio prepares them for print. This cannot be undone."
          confirmLabel="Approve"
          busyLabel="Approving…"
          pending={approve.isPending}
          onConfirm={() => approve.mutateAsync({ proofId })}
        />
        <Button
          className="h-11"
          variant="outline"
          aria-expanded={asking}
          aria-keyshortcuts="C"
          data-shortcut="request-changes"
          onClick={() => setAsking((a) => !a)}
        >
          Request changes
        </Button>
      </div>
      {asking && (
        <form className="grid gap-2" noValidate onSubmit={form.handleSubmit(({ body }) => requestChanges.mutate({ proofId, body }))}>
          {next && (
            <p
              className={cn("text-sm", next.billable ? "font-medium text-amber-700 dark:text-amber-300" : "text-muted-foreground")}
              data-testid="next-revision"
            >
              This uses {next.label}.{next.billable ? " It is past the included rounds, so it is billed." : ""}
            </p>
          )}
          <Field label="What should change" error={fieldError(form, "body")}>
            {(control) => <Textarea {...control} autoFocus {...form.register("body")} onKeyDown={submitOnModEnter} />}
          </Field>
          <div className="flex justify-end">
            <SubmitButton pending={requestChanges.isPending} pendingLabel="Sending…">
              Send request
            </SubmitButton>
          </div>
          <FormError error={requestChanges.error} fieldsShown />
        </form>
      )}
    </div>
  );
}
