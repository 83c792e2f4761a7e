"use client";
// The bell: unread count, and a side sheet of unread and older notifications with 'Mark All Read'.
import {
  eventLabel,
  formatNotificationTime,
  NOTIFICATION_TEXT,
  notificationHref,
  notificationsFor,
  projectDisplayName,
  type SessionUser,
} from "@atelier/domain";
import { Button, Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger, toast, UserAvatar } from "@atelier/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useTRPC, useTRPCClient } from "~/trpc/react";
import { followLiveStream } from "./live-stream";

/** A fallback for when the live stream is down: new comments show within this long anyway. */
const NOTIFICATION_POLL_MS = 60_000;

type Notification = Parameters<typeof notificationHref>[0] & {
  id: string;
  event: string | null;
  createdAt: Date;
  user: { id: string; name: string | null; image: string | null };
  project: { id: string; name: string };
};

function Entry({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  return (
    <li>
      <Link
        href={notificationHref(n)}
        onClick={() => onOpen(n)}
        className="flex gap-3 rounded-md p-2 hover:bg-accent"
        data-testid="notification"
      >
        <UserAvatar name={n.user.name} src={n.user.image} size="md" />
        <span className="min-w-0 text-sm">
          <strong>{n.user.name ?? "Someone"}</strong> {eventLabel(n.event)}{" "}
          <em className="not-italic font-medium">{projectDisplayName(n.project.name)}</em>
          <span className="block text-xs text-muted-foreground">{formatNotificationTime(n.createdAt)}</span>
        </span>
      </Link>
    </li>
  );
}

export function NotificationBell({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const comments = useQuery({ ...trpc.comments.findMany.queryOptions(), refetchInterval: NOTIFICATION_POLL_MS });
  const { unread, old } = notificationsFor(comments.data ?? [], { id: user.id, role: user.role });

  // New comments arrive over server-sent events; every comment list on the page refreshes, also
  // after the stream was down, since what it sent meanwhile is lost.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries(trpc.comments.pathFilter());
    return followLiveStream({ open: () => new EventSource("/api/events"), on: { comment: refresh }, onReconnect: refresh });
  }, [queryClient, trpc]);

  async function markRead(ids: string[]) {
    // One call per notification, as the API takes them; the lists refresh once at the end.
    for (const commentId of ids) await client.comments.read.mutate({ commentId, userId: user.id });
    await queryClient.invalidateQueries();
  }

  async function markAllRead() {
    setMarking(true);
    try {
      await markRead(unread.map((n) => n.id));
    } catch (error) {
      toast({ variant: "destructive", title: "Error", description: error instanceof Error ? error.message : String(error) });
    } finally {
      setMarking(false);
    }
  }

  function onOpen(n: Notification) {
    setOpen(false);
    if (unread.some((u) => u.id === n.id)) void markRead([n.id]);
  }

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void comments.refetch();
      }}
    >
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={`Notifications (${unread.length} unread)`}>
          <Bell className="size-5" />
          {unread.length > 0 && (
            <span
              className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-white"
              data-testid="unread-count"
            >
              {unread.length > 99 ? "99+" : unread.length}
            </span>
          )}
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-full overflow-y-auto p-4 sm:max-w-md">
        <SheetHeader className="p-0">
          <SheetTitle>{NOTIFICATION_TEXT.title}</SheetTitle>
          <SheetDescription className="sr-only">Comments and changes on your projects</SheetDescription>
        </SheetHeader>
        <Button
          size="sm"
          variant="outline"
          className="my-3 self-start"
          onClick={() => void markAllRead()}
          disabled={marking || unread.length === 0}
          aria-busy={marking}
        >
          {marking ? "Marking…" : NOTIFICATION_TEXT.markAllRead}
        </Button>
        {unread.length === 0 ? (
          <p className="text-sm text-muted-foreground">You are all caught up.</p>
        ) : (
          <ul className="grid gap-1">
            {unread.map((n) => (
              <Entry key={n.id} n={n} onOpen={onOpen} />
            ))}
          </ul>
        )}
        {old.length > 0 && (
          <>
            <h3 className="mb-1 mt-6 text-sm font-semibold text-muted-foreground">{NOTIFICATION_TEXT.old}</h3>
            <ul className="grid gap-1 opacity-80">
              {old.map((n) => (
                <Entry key={n.id} n={n} onOpen={onOpen} />
              ))}
            </ul>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
