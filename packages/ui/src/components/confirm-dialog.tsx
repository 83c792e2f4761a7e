"use client";
// The confirmation as pages use it: its trigger alone until pressed (or the page is quiet), then the AlertDialog
// (Radix's dialog, its focus trap and scroll lock) drawn open around it. A list with a Delete on every row no longer
// carries the dialog's code in its first load (docs/performance.md).
import { cloneElement, lazy, type MouseEvent, type ReactElement, Suspense, useState } from "react";
import { usePreloadWhenIdle } from "../hooks/use-idle";
import type { ConfirmDialogProps } from "./alert-dialog";

const loadView = () => import("./alert-dialog");
const ConfirmDialogView = lazy(() => loadView().then((m) => ({ default: m.ConfirmDialog })));

/** Asks before an action that cannot be taken back. Escape and Cancel do nothing; Confirm runs the action once. */
export function ConfirmDialog({
  trigger,
  ...props
}: Omit<ConfirmDialogProps, "trigger" | "defaultOpen"> & { trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }> }) {
  const [wanted, setWanted] = useState(false);
  usePreloadWhenIdle(loadView);
  if (wanted) {
    return (
      <Suspense fallback={trigger}>
        <ConfirmDialogView {...props} trigger={trigger} defaultOpen />
      </Suspense>
    );
  }
  return cloneElement(trigger, {
    onClick: (event: MouseEvent) => {
      trigger.props.onClick?.(event);
      if (!event.defaultPrevented) setWanted(true);
    },
  });
}
