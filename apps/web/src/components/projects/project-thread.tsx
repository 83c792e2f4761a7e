"use client";
// A project's conversation: comments, requests for changes, approvals and (for the studio) internal notes.
import {
  COMMENT_EVENTS,
  COMMENT_LINK_PARAM,
  commentBodyInput,
  commentKinds,
  eventLabel,
  formatNotificationTime,
  isInternalNote,
  type ProjectStage,
  type SessionUser,
  THREAD_PAGE_SIZE,
} from "@atelier/domain";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  Field,
  fieldError,
  showServerFieldErrors,
  Textarea,
  UserAvatar,
  useZodForm,
} from "@atelier/ui";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { LinkedText } from "~/components/common/linked-text";
import { NativeSelect } from "~/components/common/native-select";
import { useTRPC } from "~/trpc/react";

// The kind of comment: "" is a plain comment.
const commentForm = z.object({
  body: commentBodyInput,
  event: z.union([z.literal(""), z.enum(COMMENT_EVENTS)]).transform((event) => event || null),
});

/**
 * With the project's `stage`, the composer offers only the events the stage allows the user; `commentExtra` adds to a
 * comment's entry (a link to the pin it was written at).
 */
export function ProjectThread({
  projectId,
  user,
  stage,
  commentExtra,
}: {
  projectId: string;
  user: SessionUser;
  stage?: ProjectStage;
  commentExtra?: (commentId: string) => ReactNode;
}) {
  const trpc = useTRPC();
  // The newest page first; older pages join above it as the reader scrolls up.
  const pages = useInfiniteQuery(
    trpc.comments.byProject.infiniteQueryOptions(
      { projectId },
      {
        getNextPageParam: (page) => {
          const oldest = page[0];
          return oldest && page.length === THREAD_PAGE_SIZE ? { createdAt: oldest.createdAt, id: oldest.id } : undefined;
        },
      },
    ),
  );
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
  // A notification links here (commentHref); while that comment is not among the pages loaded, older ones load.
  // (Read from the address on the client, again as the thread changes: the page stays mounted between two links to it.)
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
  const seekingLinked = Boolean(located.data) && comments !== undefined && !comments.some((c) => c.id === linkedId);
  // Not found, or no id the server would take (longer than any): either way not in this thread.
  const linkedGone = located.data === null || located.error?.data?.code === "BAD_REQUEST";
  const wantOlder = (olderInView && readerMoved) || seekingLinked;
  useEffect(() => {
    if (wantOlder && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [wantOlder, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  // Opening the project reads its notifications, and so does every new comment seen here.
  const readProject = useMutation(trpc.comments.readProject.mutationOptions());
  const newest = comments?.at(-1)?.id;
  const readUpTo = useRef<string | undefined>(undefined);
  const { mutate: markRead } = readProject;
  useEffect(() => {
    if (newest === undefined || readUpTo.current === newest) return;
    readUpTo.current = newest;
    markRead({ projectId });
  }, [newest, projectId, markRead]);
  const form = useZodForm(commentForm, { defaultValues: { body: "", event: "" } });
  const post = useMutation(
    trpc.comments.create.mutationOptions({
      onSuccess: () => form.reset(),
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const [highlight, setHighlight] = useState<string | null>(null);

  // The comment a notification links to is brought into view, once. Later changes to the thread (a refetch, a new
  // comment, an older page) leave the reader where they have scrolled to.
  const broughtIntoView = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedId || !comments || broughtIntoView.current === linkedId) return;
    setHighlight(linkedId);
    const entry = document.getElementById(`comment-${linkedId}`);
    if (!entry) return;
    broughtIntoView.current = linkedId;
    entry.scrollIntoView({ block: "center" });
  }, [comments, linkedId]);

  const onSubmit = form.handleSubmit(({ body, event }) => post.mutate({ projectId, body, event }));

  return (
    <Card role="region" aria-labelledby="thread-title">
      <CardHeader>
        <CardTitle id="thread-title">Conversation</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {comments?.length === 0 && <p className="text-sm text-muted-foreground">No comments yet. Start with what you need.</p>}
        {linkedGone && (
          <p role="status" className="text-sm text-muted-foreground">
            The comment this link points to is not in this conversation any more.
          </p>
        )}
        {hasNextPage && (
          <div ref={olderRef} className="flex justify-center">
            <Button variant="ghost" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? "Loading older comments…" : "Show older comments"}
            </Button>
          </div>
        )}
        <ol className="grid gap-3">
          {comments?.map((c) => (
            <li
              key={c.id}
              id={`comment-${c.id}`}
              data-testid="comment"
              className={cn(
                "flex gap-3 rounded-lg p-2",
                c.isChild && "ml-10",
                isInternalNote(c.event) && "bg-amber-500/10",
                highlight === c.id && "ring-2 ring-ring",
              )}
            >
              <UserAvatar name={c.user.name} src={c.user.image} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  <strong>{c.user.name ?? "Someone"}</strong>{" "}
                  {c.event && !isInternalNote(c.event) && <span className="text-muted-foreground">{eventLabel(c.event)}</span>}
                  {isInternalNote(c.event) && <Badge variant="outline">Internal note</Badge>}
                  <span className="ml-2 text-xs text-muted-foreground">{formatNotificationTime(c.createdAt)}</span>
                </p>
                <p className="whitespace-pre-wrap wrap-anywhere text-sm">
                  <LinkedText>{c.body}</LinkedText>
                </p>
                {commentExtra?.(c.id)}
              </div>
            </li>
          ))}
        </ol>
        <form onSubmit={onSubmit} className="grid gap-2" noValidate>
          <Field label="Your comment" error={fieldError(form, "body")}>
            {(control) => <Textarea {...control} placeholder="Write a comment…" {...form.register("body")} />}
          </Field>
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Controller
              control={form.control}
              name="event"
              render={({ field }) => (
                <NativeSelect
                  aria-label="Kind of comment"
                  className="w-auto"
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                >
                  {commentKinds(user.role, stage).map((k) => (
                    <option key={k.label} value={k.event ?? ""}>
                      {k.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
            <SubmitButton pending={post.isPending} pendingLabel="Posting…">
              Post
            </SubmitButton>
          </div>
          <FormError error={post.error} fieldsShown />
        </form>
      </CardContent>
    </Card>
  );
}

const MOVING_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

/** Whether the reader has moved through the page since it opened: a wheel, a swipe or a key that scrolls. */
function useReaderMoved(): boolean {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) return;
    const onMove = () => setMoved(true);
    const onKey = (event: KeyboardEvent) => {
      if (MOVING_KEYS.has(event.key)) setMoved(true);
    };
    window.addEventListener("wheel", onMove, { passive: true });
    window.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("wheel", onMove);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("keydown", onKey);
    };
  }, [moved]);
  return moved;
}
