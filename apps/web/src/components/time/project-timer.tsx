"use client";
// A project's timer for the studio (docs/time.md): start it here (stopping one running elsewhere), stop it, or log
// time by hand on the timesheet.
import { formatMinutes } from "@atelier/domain";
import { Button } from "@atelier/ui";
import { Play, Square } from "lucide-react";
import Link from "next/link";
import { useRunningTimer } from "./use-running-timer";

export function ProjectTimer({ projectId }: { projectId: string }) {
  const { entry, minutes, start, stop, pending } = useRunningTimer(true);
  const here = entry?.projectId === projectId;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {here ? (
        <Button variant="outline" className="min-h-11 sm:min-h-9" disabled={pending} onClick={() => stop.mutate()}>
          <Square className="size-3.5 fill-current" aria-hidden /> Stop timer · {formatMinutes(minutes)}
        </Button>
      ) : (
        <Button variant="outline" className="min-h-11 sm:min-h-9" disabled={pending} onClick={() => start.mutate({ projectId })}>
          <Play className="size-3.5" aria-hidden /> {entry ? "Switch timer here" : "Start timer"}
        </Button>
      )}
      <Link
        href={`/workload/time?project=${encodeURIComponent(projectId)}`}
        className="text-sm text-primary underline-offset-4 hover:underline max-sm:py-3"
      >
        Log time
      </Link>
    </div>
  );
}
