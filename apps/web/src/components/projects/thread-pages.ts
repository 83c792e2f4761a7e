// How the thread pages back in time, in a module of its own: the project page's server half asks for the first page
// with it, and a module with React hooks may not be imported there.
import { THREAD_PAGE_SIZE } from "@atelier/domain";

/** Where the page older than `page` starts: after its oldest comment, when the page was full. */
export function olderThreadPage(page: readonly { createdAt: Date; id: string }[]) {
  const oldest = page[0];
  return oldest && page.length === THREAD_PAGE_SIZE ? { createdAt: oldest.createdAt, id: oldest.id } : undefined;
}
