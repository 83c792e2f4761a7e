"use client";
// Renders the global toast queue; mount once near the root of the app.
import { useToast } from "../hooks/use-toast";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_DIRECTION, TOAST_SWIPE_THRESHOLD_PX } from "../settings";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

const hotkey = [...TOAST_HOTKEY];

export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection={TOAST_SWIPE_DIRECTION} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          duration={duration}
          // Radix closes it (timer, swipe, Escape, close button); the queue then plays it out and removes it.
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={hotkey} />
    </ToastProvider>
  );
}
