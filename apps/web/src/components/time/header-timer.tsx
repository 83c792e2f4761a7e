"use client";
// The running timer in the header (staff): its project and how long it has run, a link to the project and a stop
// button; nothing while no timer runs (docs/time.md).
import { formatMinutes } from "@atelier/domain";
import { Button } from "@atelier/ui";
import { Square } from "lucide-react";
import Link from "next/link";
import { useRunningTimer } from "./use-running-timer";

export function HeaderTimer() {
  const { entry, minutes, stop, pending } = useRunningTimer(true);
  if (!entry) return null;
  return (
    <div className="flex min-w-0 items-center gap-1 rounded-full border bg-muted/50 pl-3 text-sm" data-testid="header-timer">
      <span className="size-2 shrink-0 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none" aria-hidden />
      <Link href={`/projects/${entry.projectId}`} className="min-w-0 truncate hover:underline max-sm:hidden" title={entry.projectTitle}>
        {entry.projectTitle}
      </Link>
      <span className="tabular-nums">
        <span className="sr-only">Timer running: </span>
        {formatMinutes(minutes)}
        <span className="sr-only"> on {entry.projectTitle}</span>
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 rounded-full sm:size-9"
        aria-label={`Stop the timer on ${entry.projectTitle}`}
        disabled={pending}
        onClick={() => stop.mutate()}
      >
        <Square className="size-3.5 fill-current" aria-hidden />
      </Button>
    </div>
  );
}
