"use client";
// The Email Notifications dialog: the on/off checkbox (settings.emailNotification; docs/notifications.md, "The
// toggle"), and when on,
// how often mail comes: comments gathered for a few minutes per project, or once a day.
import { MAIL_PREFERENCE_LABELS, type MailPreference } from "@atelier/domain";
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
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useEffect, useState } from "react";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

type Frequency = Exclude<MailPreference, "off">;
const FREQUENCIES: { value: Frequency; hint: string }[] = [
  { value: "immediate", hint: "Comments on a project within a few minutes come as one mail." },
  { value: "daily", hint: "One summary each morning of every project's new comments." },
];

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
  const queryClient = useQueryClient();
  const { update: refreshSession } = useSession();
  const stored = useQuery(trpc.settings.mailPreference.queryOptions(undefined, { enabled: open }));
  const storedFrequency: Frequency = stored.data?.mailPreference === "daily" ? "daily" : "immediate";
  const [enabled, setEnabled] = useState(initial);
  const [frequency, setFrequency] = useState<Frequency>(storedFrequency);
  useEffect(() => {
    if (open) setEnabled(initial);
  }, [open, initial]);
  useEffect(() => {
    if (open) setFrequency(storedFrequency);
  }, [open, storedFrequency]);

  const toggle = useMutation(trpc.settings.emailNotification.mutationOptions());
  const setPreference = useMutation(trpc.settings.setMailPreference.mutationOptions());
  const save = useMutation({
    mutationFn: async () => {
      await toggle.mutateAsync({ emailNotification: enabled });
      if (enabled && frequency !== storedFrequency) await setPreference.mutateAsync({ mailPreference: frequency });
    },
    onSuccess: async () => {
      await Promise.all([refreshSession(), queryClient.invalidateQueries(trpc.settings.mailPreference.queryFilter())]);
      onOpenChange(false);
      toast({
        title: "Saved",
        description: enabled
          ? `E-mail notifications: ${MAIL_PREFERENCE_LABELS[frequency].toLowerCase()}.`
          : "E-mail notifications are off.",
      });
    },
    onError: toastError,
  });

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
        {enabled && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">How often</legend>
            {FREQUENCIES.map((f) => (
              <label key={f.value} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary">
                <input
                  type="radio"
                  name="mail-frequency"
                  className="mt-1 size-4 accent-[var(--primary)]"
                  value={f.value}
                  checked={frequency === f.value}
                  onChange={() => setFrequency(f.value)}
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{MAIL_PREFERENCE_LABELS[f.value]}</span>
                  <span className="text-xs text-muted-foreground">{f.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <DialogFooter>
          <Button onClick={() => save.mutate()} disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
