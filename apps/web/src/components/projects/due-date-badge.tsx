// A project's due date as people read it, with "Overdue" in words (not colour alone) once it has passed.
import { Badge } from "@atelier/ui";
import { CalendarClock } from "lucide-react";
import { formatDay } from "~/components/common/format";

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
