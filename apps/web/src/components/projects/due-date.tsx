"use client";
// A project's due date as the studio sets, moves or clears it on the project page, and the date field the forms share
// (the date as people read it is due-date-badge.tsx, apart, so the lists showing it take no form along).
import { DUE_DATE_MAX, DUE_DATE_MIN } from "@atelier/domain";
import { Button, Field, type FieldControlProps, fieldError, Input, showServerFieldErrors, toast, useLazyZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useWatch } from "react-hook-form";
import { formatDay } from "~/components/common/format";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

/** The date field the forms share (a project's due date, a proof's answer-by day); `control` ties it to its Field. */
export function DueDateInput({
  id,
  value,
  onChange,
  ...control
}: { id: string; value: string; onChange: (value: string) => void } & Partial<Omit<FieldControlProps, "id">>) {
  return (
    <Input
      {...control}
      id={id}
      type="date"
      min={DUE_DATE_MIN}
      max={DUE_DATE_MAX}
      className="h-11 w-full sm:h-9 sm:w-44"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

const loadDueDateForm = () => import("./forms").then((m) => m.dueDateForm);

/** Staff set, move or clear a project's due date. */
export function DueDateEditor({ projectId, dueOn }: { projectId: string; dueOn: string | null }) {
  const trpc = useTRPC();
  const form = useLazyZodForm(loadDueDateForm, { defaultValues: { dueOn: dueOn ?? "" } });
  // A date saved here or elsewhere becomes the one the field starts from.
  useEffect(() => form.reset({ dueOn: dueOn ?? "" }), [dueOn, form]);
  const value = useWatch({ control: form.control, name: "dueOn" });
  const save = useMutation(
    trpc.projects.setDueOn.mutationOptions({
      onSuccess: ({ dueOn: saved }) => toast({ title: saved ? `Due ${formatDay(saved)}` : "Due date cleared" }),
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) toastError(error);
      },
    }),
  );
  const onSubmit = form.handleSubmit(({ dueOn: chosen }) => save.mutate({ id: projectId, dueOn: chosen || null }));
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-start gap-2" noValidate>
      <Field label="Due date" error={fieldError(form, "dueOn")}>
        {(control) => (
          <Controller
            control={form.control}
            name="dueOn"
            render={({ field }) => <DueDateInput {...control} value={field.value} onChange={field.onChange} />}
          />
        )}
      </Field>
      {/* Level with the field, below its label. */}
      <div className="mt-5 flex flex-wrap gap-2">
        <Button type="submit" variant="outline" className="h-11 sm:h-9" disabled={save.isPending || value === (dueOn ?? "")}>
          Save date
        </Button>
        {dueOn && (
          <Button
            type="button"
            variant="ghost"
            className="h-11 sm:h-9"
            disabled={save.isPending}
            onClick={() => save.mutate({ id: projectId, dueOn: null })}
          >
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
