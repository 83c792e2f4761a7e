"use client";
// A project's due date as people read it, with "Overdue" in words (not colour alone) once it has passed; on the
// project page the studio sets, moves or clears it.
import { DUE_DATE_MAX, DUE_DATE_MIN } from "@atelier/domain";
import { Badge, Button, Input, toast } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTRPC } from "~/trpc/react";
import { formatDay } from "./format";
import { toastError } from "./toast-error";

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
      <span className={overdue ? "font-medium text-destructive" : undefined}>Due {formatDay(dueOn)}</span>
      {overdue && <OverdueBadge />}
    </span>
  );
}

/** The date field the create form and the project page share. */
export function DueDateInput({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <Input
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

/** Staff set, move or clear a project's due date. */
export function DueDateEditor({ projectId, dueOn }: { projectId: string; dueOn: string | null }) {
  const trpc = useTRPC();
  const [value, setValue] = useState(dueOn ?? "");
  useEffect(() => setValue(dueOn ?? ""), [dueOn]);
  const save = useMutation(
    trpc.projects.setDueOn.mutationOptions({
      onSuccess: ({ dueOn: saved }) => toast({ title: saved ? `Due ${formatDay(saved)}` : "Due date cleared" }),
      onError: toastError,
    }),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: projectId, dueOn: value || null });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor="project-due-on" className="text-xs text-muted-foreground">
          Due date
        </label>
        <DueDateInput id="project-due-on" value={value} onChange={setValue} />
      </div>
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
    </form>
  );
}
