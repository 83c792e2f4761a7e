// The project list with its first page of projects (and, for the studio, the businesses its filter offers) fetched on
// the server, by the same filter the address gives the list on the client (server/prefetch.tsx).
import { isStaff, projectFilterFromParams } from "@atelier/domain";
import { nextListPage } from "~/components/common/list-pages";
import { Prefetched, serverQueries } from "~/server/prefetch";
import { ProjectList } from "./project-list";

type SearchParams = Record<string, string | string[] | undefined>;

export async function PrefetchedProjectList({ archived, searchParams }: { archived: boolean; searchParams: Promise<SearchParams> }) {
  const queries = await serverQueries();
  const { user, trpc, queryClient } = queries;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, one);
  }
  const filter = projectFilterFromParams(params);
  if (user && (isStaff(user.role) || user.businessId)) {
    await Promise.all([
      queryClient.prefetchInfiniteQuery(
        trpc.projects.list.infiniteQueryOptions({ archived, ...filter }, { getNextPageParam: nextListPage }),
      ),
      isStaff(user.role) ? queryClient.prefetchQuery(trpc.businesses.list.queryOptions()) : undefined,
    ]);
  }
  return (
    <Prefetched queries={queries}>
      <ProjectList archived={archived} />
    </Prefetched>
  );
}
