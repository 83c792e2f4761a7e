"use client";
// The bell's side sheet (notification-bell.tsx): unread notifications, one entry per project with how many, older ones
// a page at a time, 'Mark All Read', and above them the rounds waiting past their deadline. Loaded when the bell is
// first opened, or once the page is quiet.
import type { RouterOutputs } from "@atelier/api";
import { commentHref, deadlineLabel, eventLabel, NOTIFICATION_TEXT, proofRoundHref, type SessionUser } from "@atelier/domain";
import { Button, Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, toast, UserAvatar, useReturnFocus } from "@atelier/ui";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { LocalTime } from "~/components/common/local-time";
import { useTRPC, useTRPCClient } from "~/trpc/react";

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

export default function NotificationSheet({
  user,
  open,
  onOpenChange,
  count,
  late,
}: {
  user: SessionUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  late: OverdueRound[];
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState(false);
  // Opened by the bell (or g i) before this was loaded: closing gives focus back to it.
  const returnFocus = useReturnFocus(open);
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
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full overflow-y-auto p-4 sm:max-w-md" onCloseAutoFocus={returnFocus}>
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
                <OverdueEntry key={r.proofId} r={r} onOpen={close} />
              ))}
            </ul>
          </section>
        )}
        {(unread.data?.length ?? 0) > 0 && (
          <ul className="grid gap-1">
            {unread.data?.map((g) => (
              <Entry key={g.latest.id} n={g.latest} more={g.count - 1} onOpen={close} />
            ))}
          </ul>
        )}
        {oldItems.length > 0 && (
          <>
            <h3 className="mb-1 mt-6 text-sm font-semibold text-muted-foreground">{NOTIFICATION_TEXT.old}</h3>
            <ul className="grid gap-1">
              {oldItems.map((n) => (
                <Entry key={n.id} n={n} more={0} onOpen={close} />
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
