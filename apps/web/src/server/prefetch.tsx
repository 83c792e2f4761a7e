// Data for a page's first paint, fetched on the server while it renders (docs/performance.md): the page's queries are
// answered by the app router in this process, as the signed-in person of the request, and handed to the client's
// cache with the HTML, so a phone paints the list, not a skeleton waiting for the JavaScript to ask. A query that
// fails here is left to the client to ask again.
import { appRouter } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { createQueryClient } from "~/trpc/query-client";
import { callContext } from "./call-context";
import { getServer } from "./server";

/** The request's signed-in person (null for none), a query cache, and the app router's queries answering into it. */
export async function serverQueries() {
  const server = await getServer();
  const requestHeaders = await headers();
  const user = await getSessionUser(server.db, requestHeaders.get("cookie"), new Date());
  const queryClient = createQueryClient();
  const request = new Request(server.config.APP_URL, { headers: requestHeaders });
  const trpc = createTRPCOptionsProxy({ ctx: callContext(server, user, request), router: appRouter, queryClient });
  return { user, trpc, queryClient };
}

/** `children` with the queries answered on the server in their cache. */
export function Prefetched({ queries, children }: { queries: Awaited<ReturnType<typeof serverQueries>>; children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(queries.queryClient)}>{children}</HydrationBoundary>;
}
