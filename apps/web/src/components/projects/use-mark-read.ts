import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTRPC } from "~/trpc/react";

/** Opening the project reads its notifications, and so does every new comment seen here (`newest`, its id). */
export function useMarkRead(projectId: string, newest: string | undefined): void {
  const trpc = useTRPC();
  const { mutate: markRead } = useMutation(trpc.comments.readProject.mutationOptions());
  const readUpTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined || readUpTo.current === newest) return;
    readUpTo.current = newest;
    markRead({ projectId });
  }, [newest, projectId, markRead]);
}
