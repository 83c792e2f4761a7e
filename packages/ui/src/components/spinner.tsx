// Busy indicator that screen readers announce, since a spinning icon alone says nothing.

import { Loader2Icon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export type SpinnerProps = Omit<ComponentProps<"span">, "children"> & {
  /** What is busy; read out instead of the icon. */
  label?: string;
};

export function Spinner({ className, label = "Loading", ...props }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" data-slot="spinner" className={cn("inline-flex items-center", className)} {...props}>
      <Loader2Icon aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
