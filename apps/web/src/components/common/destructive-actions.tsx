"use client";
// Actions that take something away, each asked about first in the kit's alert dialog: removing a file or a colour,
// archiving a project.
import { Button, ConfirmDialog, cn } from "@atelier/ui";
import { Trash2 } from "lucide-react";

/** A bin icon (44 px on touch screens) that removes `name` after a confirmation. */
export function RemoveButton({
  name,
  from,
  description,
  onConfirm,
  className,
}: {
  name: string;
  /** Where it is removed from, for the question: "this project", "the brand library". */
  from: string;
  description: string;
  onConfirm: () => unknown;
  className?: string;
}) {
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className={cn(
            "flex size-11 shrink-0 items-center justify-center rounded text-muted-foreground hover:text-destructive-text sm:size-8",
            className,
          )}
          aria-label={`Remove ${name}`}
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      }
      title={`Remove ${name} from ${from}?`}
      description={description}
      confirmLabel="Remove"
      busyLabel="Removing…"
      destructive
      onConfirm={onConfirm}
    />
  );
}

/** Archive asks first (the project leaves everyone's list); Reopen, which only brings it back, does not. */
export function ArchiveProjectButton({
  archived,
  title,
  pending,
  onChange,
}: {
  archived: boolean;
  title: string;
  pending: boolean;
  onChange: (archived: boolean) => unknown;
}) {
  if (archived)
    return (
      <Button variant="outline" className="min-h-11 sm:min-h-9" disabled={pending} onClick={() => onChange(false)}>
        Reopen
      </Button>
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="min-h-11 sm:min-h-9" disabled={pending}>
          Archive
        </Button>
      }
      title={`Archive ${title}?`}
      description="It moves from Projects to the Archive for everyone, with its files and conversation. You can reopen it from there."
      confirmLabel="Archive"
      busyLabel="Archiving…"
      pending={pending}
      onConfirm={() => onChange(true)}
    />
  );
}
