"use client";
// A project's due date as people read it, with "Overdue" in words (not colour alone) once it has passed; on the
// project page the studio sets, moves or clears it.
import { DUE_DATE_MAX, DUE_DATE_MIN, dueDateInput } from "@atelier/domain";
import { Badge, Button, Field, type FieldControlProps, fieldError, Input, showServerFieldErrors, toast, useZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useEffect } from "react";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { formatDay } from "~/components/common/format";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

/** The overdue mark: a badge that says so, for lists, the project page and Workload. */
export function OverdueBadge() {
  return (
    <Badge variant="destructive" data-testid="overdue-badge">
      Overdue
    </Badge>
  );
}

/** "Due Dec 15, 2026", and the overdue mark when the server says it is late. */
export function DueDate({ dueOn, overdue }: { dueOn: string | null; overdue: boolean }) {
  if (dueOn === null) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="project-due">
      <CalendarClock className="size-3.5 shrink-0" aria-hidden />
      <span className={overdue ? "font-medium text-destructive-text" : undefined}>Due {formatDay(dueOn)}</span>
      {overdue && <OverdueBadge />}
    </span>
  );
}

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

const dueDateForm = z.object({ dueOn: z.union([z.literal(""), dueDateInput]) });

/** Staff set, move or clear a project's due date. */
export function DueDateEditor({ projectId, dueOn }: { projectId: string; dueOn: string | null }) {
  const trpc = useTRPC();
  const form = useZodForm(dueDateForm, { defaultValues: { dueOn: dueOn ?? "" } });
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
