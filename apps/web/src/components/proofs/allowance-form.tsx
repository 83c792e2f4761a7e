"use client";
import { MAX_REVISION_ALLOWANCE } from "@atelier/domain";
import { Button, Field, fieldError, Input, showServerFieldErrors, toast, useLazyZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";
import type { ProofsPanelProject } from "./types";

/** Staff set how many change rounds the business's projects include; past them, requests are billed. */
const loadAllowanceForm = () => import("./forms").then((m) => m.allowanceForm);

export function AllowanceForm({ project, allowance, onSaved }: { project: ProofsPanelProject; allowance: number; onSaved: () => void }) {
  const trpc = useTRPC();
  const form = useLazyZodForm(loadAllowanceForm, { defaultValues: { allowance: String(allowance) } });
  // A number saved here or elsewhere becomes the one the field starts from.
  useEffect(() => form.reset({ allowance: String(allowance) }), [allowance, form]);
  const typed = useWatch({ control: form.control, name: "allowance" });
  const save = useMutation(
    trpc.proofs.setAllowance.mutationOptions({
      onSuccess: ({ allowance }) => {
        toast({ title: `${project.businessName}: ${allowance} change round${allowance === 1 ? "" : "s"} included` });
        onSaved();
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) toastError(error);
      },
    }),
  );
  const onSubmit = form.handleSubmit(({ allowance }) => save.mutate({ businessId: project.businessId, allowance }));
  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={onSubmit} noValidate>
      <Field label={`Change rounds included for ${project.businessName}`} error={fieldError(form, "allowance")}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_REVISION_ALLOWANCE}
            className="h-11 w-24"
            {...form.register("allowance")}
          />
        )}
      </Field>
      {/* Level with the field, below its label. */}
      <Button type="submit" variant="outline" className="mt-5 h-11" disabled={save.isPending || typed.trim() === String(allowance)}>
        Save
      </Button>
    </form>
  );
}
