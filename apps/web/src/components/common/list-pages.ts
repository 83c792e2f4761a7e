// How a keyset-paged list moves on, in a module of its own: the lists ask for their pages with it on the client, and
// the project list's server half (prefetched-project-list.tsx) for its first page, where no module with React hooks
// may be imported.

/** Where the page after `page` starts: its cursor, none after the last. */
export const nextListPage = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;
