"use client";
// The bell: the exact unread count, and a side sheet of unread notifications (one entry per project, with how many),
// older ones a page at a time, and 'Mark All Read'; above them, rounds waiting past their deadline (a dot on the bell
// when nothing is unread).
import type { RouterOutputs } from "@atelier/api";
import { commentHref, deadlineLabel, eventLabel, NOTIFICATION_TEXT, proofRoundHref, type SessionUser } from "@atelier/domain";
import { Button, Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger, toast, UserAvatar } from "@atelier/ui";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { LocalTime } from "~/components/common/local-time";
import { useTRPC, useTRPCClient } from "~/trpc/react";
import { followLiveStream } from "./live-stream";

/** A fallback for when the live stream is down: new comments show within this long anyway. */
const NOTIFICATION_POLL_MS = 60_000;

type Notification = RouterOutputs["comments"]["findMany"][number];

/** One notification; an unread one stands for its project's `more` other unread comments too. */
function Entry({ n, more, onOpen }: { n: Notification; more: number; onOpen: () => void }) {
  return (
    <li>
      <Link
        href={commentHref(n.project.id, n.id)}
        onClick={onOpen}
        className="flex min-h-11 gap-3 rounded-md p-2 hover:bg-accent"
        data-testid="notification"
      >
        <UserAvatar name={n.user.name} src={n.user.image} size="md" />
        <span className="min-w-0 wrap-anywhere text-sm">
          <strong>{n.user.name ?? "Someone"}</strong> {eventLabel(n.event)} <em className="not-italic font-medium">{n.project.title}</em>
          {more > 0 && (
            <span className="ml-1 rounded-full bg-muted px-1.5 text-xs font-medium" data-testid="notification-more">
              +{more} more
            </span>
          )}
          <LocalTime at={n.createdAt} className="block text-xs text-muted-foreground" />
        </span>
      </Link>
    </li>
  );
}

type OverdueRound = RouterOutputs["proofs"]["overdue"][number];

/** A round waiting past its deadline (docs/approval-chains.md, "Deadlines"): it opens the round. */
function OverdueEntry({ r, onOpen }: { r: OverdueRound; onOpen: () => void }) {
  return (
    <li>
      <Link
        href={proofRoundHref(r.projectId, r.round)}
        onClick={onOpen}
        className="grid min-h-11 gap-0.5 rounded-md p-2 text-sm hover:bg-accent"
        data-testid="overdue-round"
      >
        <span className="wrap-anywhere">
          Round {r.round} of <em className="not-italic font-medium">{r.projectTitle}</em>
        </span>
        <span className="wrap-anywhere text-xs text-amber-700 dark:text-amber-300">
          Due {deadlineLabel(r.dueOn)}
          {r.locked ? ", closed for decisions" : ""}
          {r.waitingFor.length ? ` · waiting for ${r.waitingFor.join(", ")}` : ""}
        </span>
      </Link>
    </li>
  );
}

/** Up to this many unread are marked one by one (docs/notifications.md, "The bell"); more on the server at once. */
const ONE_BY_ONE_MAX = 10;
const OLD_PAGE = 20;

export function NotificationBell({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const unreadCount = useQuery({ ...trpc.comments.unreadCount.queryOptions(), refetchInterval: NOTIFICATION_POLL_MS });
  const overdue = useQuery({ ...trpc.proofs.overdue.queryOptions(), refetchInterval: NOTIFICATION_POLL_MS });
  const late = overdue.data ?? [];
  const unread = useQuery({ ...trpc.comments.unreadByProject.queryOptions(), enabled: open });
  const old = useInfiniteQuery(
    trpc.comments.findMany.infiniteQueryOptions(
      { filter: "read", limit: OLD_PAGE },
      {
        enabled: open,
        getNextPageParam: (page) => {
          const last = page.at(-1);
          return last && page.length === OLD_PAGE ? { createdAt: last.createdAt, id: last.id } : undefined;
        },
      },
    ),
  );
  const count = unreadCount.data?.count ?? 0;

  // New comments arrive over server-sent events; every comment list on the page refreshes, also
  // after the stream was down, since what it sent meanwhile is lost. Projects refresh with them: a comment may
  // move a project's stage and always moves its last activity, which the lists sort by.
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries(trpc.comments.pathFilter());
      void queryClient.invalidateQueries(trpc.projects.pathFilter());
    };
    return followLiveStream({ open: () => new EventSource("/api/events"), on: { comment: refresh }, onReconnect: refresh });
  }, [queryClient, trpc]);

  async function markAllRead() {
    setMarking(true);
    try {
      if (count <= ONE_BY_ONE_MAX) {
        // A handful: one call per notification, as docs/notifications.md, "The bell", has it.
        const handful = await client.comments.findMany.query({ filter: "unread", limit: ONE_BY_ONE_MAX });
        for (const n of handful) await client.comments.read.mutate({ commentId: n.id, userId: user.id });
      } else {
        await client.comments.markAllRead.mutate();
      }
      await queryClient.invalidateQueries();
    } catch (error) {
      toast({ variant: "destructive", title: "Error", description: error instanceof Error ? error.message : String(error) });
    } finally {
      setMarking(false);
    }
  }

  const oldItems = old.data?.pages.flat() ?? [];
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void queryClient.invalidateQueries(trpc.comments.pathFilter());
      }}
    >
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={`Notifications: ${count} unread${late.length ? `, ${late.length} past their deadline` : ""}`}
          aria-keyshortcuts="G I"
          data-shortcut="inbox"
        >
          <Bell className="size-5" aria-hidden />
          {count === 0 && late.length > 0 && (
            <span className="absolute right-0.5 top-0.5 size-2.5 rounded-full bg-amber-500" data-testid="overdue-dot" aria-hidden />
          )}
          {count > 0 && (
            <span
              className="absolute -right-1 -top-0.5 min-w-4 rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-white tabular-nums"
              data-testid="unread-count"
              aria-hidden
            >
              {count}
            </span>
          )}
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-full overflow-y-auto p-4 sm:max-w-md">
        <SheetHeader className="p-0">
          <SheetTitle>{NOTIFICATION_TEXT.title}</SheetTitle>
          <SheetDescription>{count === 0 ? "You are all caught up." : `${count.toLocaleString("en-US")} unread`}</SheetDescription>
        </SheetHeader>
        <Button
          size="sm"
          variant="outline"
          className="my-3 min-h-11 self-start sm:min-h-8"
          onClick={() => void markAllRead()}
          disabled={marking || count === 0}
          aria-busy={marking}
        >
          {marking ? "Marking…" : NOTIFICATION_TEXT.markAllRead}
        </Button>
        {late.length > 0 && (
          <section aria-label="Past their deadline" className="mb-4">
            <h3 className="mb-1 text-sm font-semibold text-amber-700 dark:text-amber-300">Past their deadline</h3>
            <ul className="grid gap-1">
              {late.map((r) => (
                <OverdueEntry key={r.proofId} r={r} onOpen={() => setOpen(false)} />
              ))}
            </ul>
          </section>
        )}
        {(unread.data?.length ?? 0) > 0 && (
          <ul className="grid gap-1">
            {unread.data?.map((g) => (
              <Entry key={g.latest.id} n={g.latest} more={g.count - 1} onOpen={() => setOpen(false)} />
            ))}
          </ul>
        )}
        {oldItems.length > 0 && (
          <>
            <h3 className="mb-1 mt-6 text-sm font-semibold text-muted-foreground">{NOTIFICATION_TEXT.old}</h3>
            <ul className="grid gap-1">
              {oldItems.map((n) => (
                <Entry key={n.id} n={n} more={0} onOpen={() => setOpen(false)} />
              ))}
            </ul>
            {old.hasNextPage && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-2 min-h-11 self-start sm:min-h-8"
                disabled={old.isFetchingNextPage}
                onClick={() => void old.fetchNextPage()}
              >
                {old.isFetchingNextPage ? "Loading…" : "Show older"}
              </Button>
            )}
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
