import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTRPC } from "~/trpc/react";

/**
 * What the panel calls after a change of its own: proofs, pins, the project and its thread refresh. The thread also
 * refreshes live, and whatever it hears of may be a proof, an answer or a pin, so those refresh with it.
 */
export function useProofsRefresh(projectId: string): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const thread = useQuery(trpc.comments.byProject.queryOptions({ projectId }));
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.proofs.pathFilter());
    void queryClient.invalidateQueries(trpc.annotations.pathFilter());
    void queryClient.invalidateQueries(trpc.projects.byId.queryFilter({ id: projectId }));
    void queryClient.invalidateQueries(trpc.comments.byProject.queryFilter({ projectId }));
  };
  const threadUpdated = thread.dataUpdatedAt;
  const firstThread = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread's data changes
  useEffect(() => {
    // The first answer is what the page loaded with; only later ones may bring news.
    if (!firstThread.current) {
      firstThread.current = threadUpdated;
      return;
    }
    // The project itself (its stage) refreshes with every live comment, in the shell.
    void queryClient.invalidateQueries(trpc.proofs.pathFilter());
    void queryClient.invalidateQueries(trpc.annotations.pathFilter());
  }, [threadUpdated]);
  return refresh;
}
