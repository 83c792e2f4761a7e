"use client";
// Staff name a waiting round's reviewers (docs/approval-chains.md): each by address, approver or reviewer (comments
// only), in a step; those whose step starts are mailed when saved. The list is checked by the domain's reviewersInput.
import type { RouterOutputs } from "@atelier/api";
import { MAX_REVIEW_STEPS, MAX_REVIEWERS, REVIEWER_ROLES, type ReviewerRole } from "@atelier/domain";
import { Button, Input, showServerFieldErrors, toast, useLazyZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { type FieldError, useFieldArray } from "react-hook-form";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";
import { useTRPC } from "~/trpc/react";

const loadReviewersForm = () => import("./forms").then((m) => m.reviewersForm);
type Reviewers = RouterOutputs["proofs"]["reviewers"]["reviewers"];

const blank = (step: number) => ({ email: "", role: "approver" as ReviewerRole, step });

export function ReviewersEditor({
  proofId,
  current,
  onSaved,
  onCancel,
}: {
  proofId: string;
  current: Reviewers;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const id = useId();
  const form = useLazyZodForm(loadReviewersForm, {
    defaultValues: { reviewers: current.length ? current.map(({ email, role, step }) => ({ email, role, step })) : [blank(1)] },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "reviewers" });
  const save = useMutation(
    trpc.proofs.setReviewers.mutationOptions({
      onSuccess: (saved) => {
        toast({
          title: saved.reviewers.length ? `Reviewers saved: ${saved.reviewers.length}` : "Reviewers removed",
          description: saved.chain ? "Those whose step starts are mailed now." : "The client's people answer the round as before.",
        });
        onSaved();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const errors = form.formState.errors.reviewers;
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <form
      className="grid gap-3 rounded-md border p-3"
      noValidate
      data-testid="reviewers-editor"
      onSubmit={form.handleSubmit((values) => save.mutate({ proofId, reviewers: values.reviewers }))}
    >
      <fieldset className="grid gap-2" aria-describedby={listError ? `${id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Reviewers of this round</legend>
        <p className="text-xs text-muted-foreground">
          Approvers decide, step by step; reviewers comment only. Anyone without an account here gets a review link of their own.
        </p>
        {fields.map((field, i) => {
          const rowErrors = errors?.[i] as { email?: FieldError; role?: FieldError; step?: FieldError } | undefined;
          const messages = [rowErrors?.email, rowErrors?.role, rowErrors?.step].flatMap((e) => (e?.message ? [e.message] : []));
          return (
            <div key={field.id} className="grid gap-1" data-testid="reviewer-row">
              <div className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_13rem_5.5rem_auto]">
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  placeholder="name@company.com"
                  aria-label={`Reviewer ${i + 1} address`}
                  aria-invalid={rowErrors?.email ? true : undefined}
                  {...form.register(`reviewers.${i}.email`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11 sm:order-last"
                  aria-label={`Remove reviewer ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
                <NativeSelect
                  aria-label={`Reviewer ${i + 1} role`}
                  value={form.watch(`reviewers.${i}.role`)}
                  onChange={(e) => form.setValue(`reviewers.${i}.role`, e.target.value as ReviewerRole, { shouldDirty: true })}
                >
                  {Object.entries(REVIEWER_ROLES).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
                <Input
                  type="number"
                  min={1}
                  max={MAX_REVIEW_STEPS}
                  step={1}
                  aria-label={`Reviewer ${i + 1} step`}
                  aria-invalid={rowErrors?.step ? true : undefined}
                  {...form.register(`reviewers.${i}.step`, { valueAsNumber: true })}
                />
              </div>
              {messages.map((message) => (
                <p key={message} className="text-sm text-destructive-text">
                  {message}
                </p>
              ))}
            </div>
          );
        })}
        {fields.length === 0 && <p className="text-sm text-muted-foreground">No reviewers: the client's people answer the round.</p>}
        {listError && (
          <p id={`${id}-error`} className="text-sm text-destructive-text">
            {listError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          className="h-11"
          disabled={fields.length >= MAX_REVIEWERS}
          onClick={() => append(blank(Math.max(1, ...(form.getValues("reviewers") ?? []).map((r) => Number(r.step) || 1))))}
        >
          <Plus className="size-4" aria-hidden /> Add reviewer
        </Button>
        <span className="flex-1" />
        <Button type="button" variant="ghost" className="h-11" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save reviewers
        </SubmitButton>
      </div>
      <FormError error={save.error} fieldsShown />
    </form>
  );
}
