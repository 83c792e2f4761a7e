// The thread's comments a page at a time: the newest page first, older pages joining above it as the reader scrolls up
// to them, or while a linked comment is still to be found.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTRPC } from "~/trpc/react";
import { olderThreadPage } from "./thread-pages";
import { useReaderMoved } from "./use-reader-moved";

export function useThreadPages(projectId: string) {
  const trpc = useTRPC();
  const pages = useInfiniteQuery(trpc.comments.byProject.infiniteQueryOptions({ projectId }, { getNextPageParam: olderThreadPage }));
  const comments = useMemo(() => (pages.data ? [...pages.data.pages].reverse().flat() : undefined), [pages.data]);
  const olderRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  // Older pages load while the "Show older comments" row is in view. The row's visibility is state, not a one-off
  // event: a refetch (any mutation refreshes every query) cancels a page being loaded, and the page is asked for again
  // once the refetch is done, if the row is still in view. A page that failed is asked for again by its button only.
  const [olderInView, setOlderInView] = useState(false);
  useEffect(() => {
    const target = olderRef.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (last) setOlderInView(last.isIntersecting);
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      setOlderInView(false);
    };
  }, [hasNextPage]);
  // ...once the reader has moved through the page (wheel, touch or keys): the row is often in view on arrival, below the
  // project's header, and loading then would fetch the thread's whole history a page after another, unasked.
  const readerMoved = useReaderMoved();

  return {
    comments,
    /** The "Show older comments" row. */
    olderRef,
    /** The reader has scrolled up to the older comments. */
    olderWanted: olderInView && readerMoved,
    hasNextPage,
    isFetching,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  };
}

/** Loads the next older page while one is wanted (or `seeking` a linked comment) and none is on its way. */
export function useLoadOlder(thread: ReturnType<typeof useThreadPages>, seeking: boolean): void {
  const { olderWanted, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = thread;
  const wantOlder = olderWanted || seeking;
  useEffect(() => {
    if (wantOlder && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [wantOlder, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);
}
