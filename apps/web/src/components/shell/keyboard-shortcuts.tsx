"use client";
// The keys a studio uses all day, and the dialog that lists them (?). g then i opens the inbox, g then p the projects;
// a and c open the approval and the request for changes of the proof waiting for an answer. Keys typed into a field,
// with a modifier, or while a dialog is open are left alone: the viewer's own keys (j and k among them) work in it.
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useOpenedOnce } from "~/components/common/use-opened-once";

// The list itself loads when first asked for, not with every page (docs/performance.md).
const ShortcutsDialog = dynamic(() => import("./shortcuts-dialog"), { ssr: false });

/** Whether a key was typed into something that takes text. */
function intoField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable='true'], [contenteditable='']") !== null
  );
}

/**
 * Whether a dialog is open: one shown, not merely in the page. The upload dialog stays in the page, hidden, while it
 * is closed (so an unfinished upload can be told of at once), and must not turn the keys off on every project page; one
 * fading out after it was closed (the palette, as its page opens) is closed already.
 */
function dialogShown(): boolean {
  return Array.from(document.querySelectorAll<HTMLElement>("[role='dialog'], [role='alertdialog']")).some(
    (el) => el.closest("[aria-hidden='true']") === null && el.dataset.state !== "closed" && el.getClientRects().length > 0,
  );
}

/** Presses the control that names itself `data-shortcut={name}`, when the page shows one; false when it does not. */
function pressControl(name: string): boolean {
  const control = document.querySelector<HTMLElement>(`[data-shortcut="${name}"]`);
  if (!control || control.matches(":disabled")) return false;
  // A toggle already open (the request for changes) stays open.
  if (control.getAttribute("aria-expanded") !== "true") control.click();
  return true;
}

export function KeyboardShortcuts({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  // "g" waits for the key after it: i or p go somewhere, any other key ends the wait.
  const afterG = useRef(false);
  const shown = useOpenedOnce(open);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || intoField(e.target)) return;
      if (dialogShown()) return;
      const waited = afterG.current;
      afterG.current = false;
      let handled = true;
      if (waited && e.key === "i") handled = pressControl("inbox");
      else if (waited && e.key === "p") router.push("/");
      else if (e.key === "g") afterG.current = true;
      else if (e.key === "?") onOpenChange(true);
      else if (e.key === "a") handled = pressControl("approve");
      else if (e.key === "c") handled = pressControl("request-changes");
      else handled = false;
      if (handled) e.preventDefault();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [router, onOpenChange]);

  return shown ? <ShortcutsDialog open={open} onOpenChange={onOpenChange} /> : null;
}
