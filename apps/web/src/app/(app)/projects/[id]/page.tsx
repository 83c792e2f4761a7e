// A project's page: the project, its thread's newest comments, its rounds, their ledger and pins fetched on the server
// with the page (server/prefetch.tsx) and drawn into its HTML; the page's own code follows the load event
// (components/projects/project-page-client.tsx says why).
import { ProjectPageInBrowser } from "~/components/projects/project-page-client";
import { olderThreadPage } from "~/components/projects/thread-pages";
import { Prefetched, serverQueries } from "~/server/prefetch";

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const queries = await serverQueries();
  const { user, trpc, queryClient } = queries;
  if (user) {
    await Promise.all([
      queryClient.prefetchQuery(trpc.projects.byId.queryOptions({ id })),
      queryClient.prefetchQuery(trpc.annotations.byProject.queryOptions({ projectId: id })),
      queryClient.prefetchQuery(trpc.proofs.list.queryOptions({ projectId: id })),
      // The rounds' ledger: the studio's allowance form is drawn from it, so the page does not move when it comes.
      queryClient.prefetchQuery(trpc.proofs.ledger.queryOptions({ projectId: id })),
      queryClient.prefetchInfiniteQuery(
        trpc.comments.byProject.infiniteQueryOptions({ projectId: id }, { getNextPageParam: olderThreadPage }),
      ),
    ]);
  }
  return (
    <Prefetched queries={queries}>
      <ProjectPageInBrowser />
    </Prefetched>
  );
}
