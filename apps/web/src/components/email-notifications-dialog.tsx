"use client";
// The Email Notifications dialog: one checkbox, saved by settings.emailNotification.
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  toast,
} from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useEffect, useState } from "react";
import { toastError } from "~/components/toast-error";
import { useTRPC } from "~/trpc/react";

export function EmailNotificationsDialog({
  open,
  onOpenChange,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: boolean;
}) {
  const trpc = useTRPC();
  const { update: refreshSession } = useSession();
  const [enabled, setEnabled] = useState(initial);
  useEffect(() => {
    if (open) setEnabled(initial);
  }, [open, initial]);

  const save = useMutation(
    trpc.settings.emailNotification.mutationOptions({
      onSuccess: async () => {
        await refreshSession();
        onOpenChange(false);
        toast({ title: "Saved", description: enabled ? "You will get e-mail notifications." : "E-mail notifications are off." });
      },
      onError: toastError,
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Email Notifications</DialogTitle>
          <DialogDescription>Choose whether new comments, approvals and requests on your projects reach your inbox.</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-3 py-2">
          <Checkbox id="email-notification" checked={enabled} onCheckedChange={(v) => setEnabled(v === true)} />
          <Label htmlFor="email-notification">Send me e-mail notifications</Label>
        </div>
        <DialogFooter>
          <Button onClick={() => save.mutate({ emailNotification: enabled })} disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
