"use client";
// The bell: the exact unread count, a dot when rounds wait past their deadline and nothing is unread, and the live
// stream that refreshes comments and projects. Its side sheet (notification-sheet.tsx) is fetched when the page is
// quiet or the bell is first pressed, not with the page (docs/performance.md).
import type { SessionUser } from "@atelier/domain";
import { Button, usePreloadWhenIdle } from "@atelier/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { useOpenedOnce } from "~/components/common/use-opened-once";
import { useTRPC } from "~/trpc/react";
import { followLiveStream } from "./live-stream";

/** A fallback for when the live stream is down: new comments show within this long anyway. */
const NOTIFICATION_POLL_MS = 60_000;

const loadSheet = () => import("./notification-sheet");
const NotificationSheet = dynamic(loadSheet, { ssr: false });

export function NotificationBell({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  usePreloadWhenIdle(loadSheet);
  const unreadCount = useQuery({ ...trpc.comments.unreadCount.queryOptions(), refetchInterval: NOTIFICATION_POLL_MS });
  const overdue = useQuery({ ...trpc.proofs.overdue.queryOptions(), refetchInterval: NOTIFICATION_POLL_MS });
  const late = overdue.data ?? [];
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

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void queryClient.invalidateQueries(trpc.comments.pathFilter());
  };
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={`Notifications: ${count} unread${late.length ? `, ${late.length} past their deadline` : ""}`}
        aria-keyshortcuts="G I"
        data-shortcut="inbox"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => onOpenChange(true)}
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
      {loaded && <NotificationSheet user={user} open={open} onOpenChange={onOpenChange} count={count} late={late} />}
    </>
  );
}
