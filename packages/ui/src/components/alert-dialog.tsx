"use client";
// AlertDialog: a modal question that only its buttons answer (no outside click), and the confirmation built on it.
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { type ComponentProps, type ReactNode, useRef, useState } from "react";
import { cn } from "../lib/cn";
import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

function AlertDialog(props: ComponentProps<typeof AlertDialogPrimitive.Root>) {
  return <AlertDialogPrimitive.Root data-slot="alert-dialog" {...props} />;
}

function AlertDialogTrigger(props: ComponentProps<typeof AlertDialogPrimitive.Trigger>) {
  return <AlertDialogPrimitive.Trigger data-slot="alert-dialog-trigger" {...props} />;
}

function AlertDialogContent({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none sm:max-w-lg",
          "data-[state=closed]:animate-zoom-out data-[state=open]:animate-zoom-in",
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="alert-dialog-header" className={cn("flex flex-col gap-2 text-center sm:text-left", className)} {...props} />;
}

function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="alert-dialog-footer" className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn("text-lg font-semibold wrap-anywhere", className)} {...props} />;
}

function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn("text-sm text-muted-foreground wrap-anywhere", className)} {...props} />;
}

function AlertDialogCancel(props: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel data-slot="alert-dialog-cancel" {...props} />;
}

export interface ConfirmDialogProps {
  /** The element that opens it, usually a Button. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  cancelLabel?: string;
  /** Runs once per confirmation; the dialog stays open and busy until a returned promise settles, and closes when it resolves. */
  onConfirm: () => unknown;
  /** The action is running elsewhere (a mutation's pending flag): the dialog shows it as busy. */
  pending?: boolean;
  destructive?: boolean;
  /** Open from the start: the deferred ConfirmDialog (confirm-dialog.tsx) draws it once its trigger was pressed. */
  defaultOpen?: boolean;
}

/** Asks before an action that cannot be taken back. Escape and Cancel do nothing; Confirm runs the action once. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  busyLabel = "Working…",
  cancelLabel = "Cancel",
  onConfirm,
  pending = false,
  destructive = false,
  defaultOpen = false,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [running, setRunning] = useState(false);
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const inFlight = useRef(false);
  const busy = running || pending;
  const confirm = async () => {
    if (inFlight.current || pending) return;
    inFlight.current = true;
    setRunning(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The action reports its own failure (a toast); the dialog stays open to try again or cancel.
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  };
  const variant: ButtonProps["variant"] = destructive ? "destructive" : "default";
  return (
    <AlertDialog open={open} onOpenChange={(next) => (busy && !next ? undefined : setOpen(next))}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent onEscapeKeyDown={(event) => busy && event.preventDefault()}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" className="min-h-11 sm:min-h-9" disabled={busy}>
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button variant={variant} className="min-h-11 sm:min-h-9" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            {busy ? (
              <>
                <Spinner aria-hidden /> {busyLabel}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
