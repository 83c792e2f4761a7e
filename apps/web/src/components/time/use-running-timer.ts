"use client";
// The person's running timer, shared by the header and a project page: one query, refreshed by every start and
// stop, and the minutes it has run, counted on this screen between refreshes.
import { elapsedMinutes } from "@atelier/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

/** How often the elapsed time on screen moves on. */
const TICK_MS = 15_000;

export function useRunningTimer(enabled: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const running = useQuery({ ...trpc.time.running.queryOptions(), enabled });
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running.data) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, [running.data]);
  const refresh = () => queryClient.invalidateQueries(trpc.time.pathFilter());
  const start = useMutation(trpc.time.start.mutationOptions({ onSuccess: refresh, onError: toastError }));
  const stop = useMutation(trpc.time.stop.mutationOptions({ onSuccess: refresh, onError: toastError }));
  const entry = running.data ?? null;
  return {
    entry,
    minutes: entry ? elapsedMinutes(new Date(entry.startedAt), now > new Date(entry.startedAt) ? now : new Date(entry.startedAt)) : 0,
    start,
    stop,
    pending: start.isPending || stop.isPending,
  };
}
