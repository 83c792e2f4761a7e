// The comment a link (commentHref) points to: sought among older pages until loaded, then brought into view and
// highlighted, once; or said to be gone.
import { COMMENT_LINK_PARAM } from "@atelier/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "~/trpc/react";

export function useLinkedComment(projectId: string, comments: readonly { id: string }[] | undefined) {
  const trpc = useTRPC();
  // Read from the address on the client, again as the thread changes: the page stays mounted between two links to it.
  const [linkedId, setLinkedId] = useState<string | null>(null);
  useEffect(() => {
    if (comments) setLinkedId(new URLSearchParams(window.location.search).get(COMMENT_LINK_PARAM));
  }, [comments]);
  // Only a comment the server finds in this thread, and the reader may see, is sought: an id edited by hand or of a
  // comment since gone would otherwise load the whole history a page after another.
  const located = useQuery(
    trpc.comments.locate.queryOptions(
      { projectId, id: linkedId ?? "" },
      { enabled: linkedId !== null, staleTime: Number.POSITIVE_INFINITY },
    ),
  );
  const [highlight, setHighlight] = useState<string | null>(null);

  // Brought into view once: later changes to the thread (a refetch, a new comment, an older page) leave the reader
  // where they have scrolled to.
  const broughtIntoView = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedId || !comments || broughtIntoView.current === linkedId) return;
    setHighlight(linkedId);
    const entry = document.getElementById(`comment-${linkedId}`);
    if (!entry) return;
    broughtIntoView.current = linkedId;
    entry.scrollIntoView({ block: "center" });
  }, [comments, linkedId]);

  return {
    /** The linked comment is in this thread but not among the pages loaded yet. */
    seeking: Boolean(located.data) && comments !== undefined && !comments.some((c) => c.id === linkedId),
    /** Not found, or no id the server would take (longer than any): either way not in this thread. */
    gone: located.data === null || located.error?.data?.code === "BAD_REQUEST",
    highlight,
  };
}
