"use client";
// The end of a paged list: the next page loads as this comes into view (IntersectionObserver), or on a press
// of its button, which stays for keyboards and for browsers that scroll without observing.
import { Button } from "@atelier/ui";
import { useEffect, useRef } from "react";

export function LoadMore({
  hasMore,
  loading,
  onLoad,
  label = "Load more",
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-6 flex justify-center">
      <Button variant="outline" className="h-11 min-w-40" disabled={loading} onClick={() => load.current()}>
        {loading ? "Loading…" : label}
      </Button>
    </div>
  );
}
