// Businesses: the studio's clients, their overview fetched on the server for the first paint (server/prefetch.tsx).
import { BusinessesPage } from "~/components/businesses/businesses-page";
import { Prefetched, serverQueries } from "~/server/prefetch";

export default async function Page() {
  const queries = await serverQueries();
  if (queries.user) await queries.queryClient.prefetchQuery(queries.trpc.businesses.overview.queryOptions());
  return (
    <Prefetched queries={queries}>
      <BusinessesPage />
    </Prefetched>
  );
}
