"use client";
import { useLayoutEffect, useRef } from "react";

/**
 * For a dialog opened by a shortcut or by state rather than its own trigger (or loaded after its button was pressed),
 * which Radix has no trigger to give focus back to: focus goes back to whatever had it when the dialog opened (read
 * before the dialog moves focus inside). Give the answer to the content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (event: Event) => {
    const target = returnTo.current;
    returnTo.current = null;
    // Gone meanwhile (its page was left): focus is left where the new page puts it.
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}
