"use client";
// The Calendar feed dialog (docs/calendar-feed.md): a private address calendar apps subscribe to, of the due dates the
// person is involved in. The address is shown once, when made; a new one replaces it, and Turn off ends it.
import { isAdmin, isStaff, type Role } from "@atelier/domain";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LocalTime } from "~/components/common/local-time";
import { ShownOnce } from "~/components/common/shown-once";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

/** Whose dates the feed carries, as calendarScopeOf decides, in the reader's words. */
function scopeWords(role: Role): string {
  if (isAdmin(role)) return "every project of the studio";
  if (isStaff(role)) return "the projects assigned to you";
  return "your business's projects";
}

export function CalendarFeedDialog({ open, onOpenChange, role }: { open: boolean; onOpenChange: (open: boolean) => void; role: Role }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Read afresh each time it opens: when a calendar last read the feed changes while the dialog is closed.
  const feed = useQuery(trpc.calendar.feed.queryOptions(undefined, { enabled: open, staleTime: 0 }));
  const [url, setUrl] = useState<string | null>(null);
  // The address is not kept past the dialog: closed, it is gone from the page too.
  useEffect(() => {
    if (!open) setUrl(null);
  }, [open]);
  const refresh = () => queryClient.invalidateQueries(trpc.calendar.feed.queryFilter());
  const create = useMutation(
    trpc.calendar.createFeed.mutationOptions({
      onSuccess: ({ url: made }) => {
        setUrl(new URL(made, window.location.origin).toString());
        void refresh();
      },
      onError: toastError,
    }),
  );
  const revoke = useMutation(
    trpc.calendar.revokeFeed.mutationOptions({
      onSuccess: () => {
        setUrl(null);
        void refresh();
        toast({ title: "Calendar feed turned off", description: "Calendars subscribed to it get nothing more." });
      },
      onError: toastError,
    }),
  );
  const active = feed.data?.active === true;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Calendar feed</DialogTitle>
          <DialogDescription>
            Subscribe to it in your calendar app to see the due dates of {scopeWords(role)} and the days their proofs wait for a decision.
            Anyone with the address can read these dates: keep it to yourself.
          </DialogDescription>
        </DialogHeader>
        {feed.isPending && <Skeleton className="h-16" />}
        {url && <ShownOnce value={url} noun="address" label="Calendar address" testId="calendar-feed-url" />}
        {feed.data && (
          <p className="text-sm text-muted-foreground" data-testid="calendar-feed-state">
            {feed.data.active ? (
              <>
                On since <LocalTime at={feed.data.createdAt} />;{" "}
                {feed.data.lastReadAt ? (
                  <>
                    last read by a calendar <LocalTime at={feed.data.lastReadAt} />.
                  </>
                ) : (
                  <>no calendar has read it yet.</>
                )}
              </>
            ) : (
              <>Off: there is no address.</>
            )}
          </p>
        )}
        <DialogFooter className="gap-2">
          {active && (
            <Button variant="outline" className="h-11" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              {revoke.isPending ? "Turning off…" : "Turn off"}
            </Button>
          )}
          <Button className="h-11" onClick={() => create.mutate()} disabled={create.isPending || feed.isPending}>
            {create.isPending ? "Making the address…" : active ? "Replace the address" : "Make an address"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
