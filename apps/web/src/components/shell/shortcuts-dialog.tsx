"use client";
// The list of keyboard shortcuts (?), loaded when first asked for (keyboard-shortcuts.tsx).
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, useReturnFocus } from "@atelier/ui";
import { Fragment } from "react";

const SHORTCUTS: { keys: string[][]; does: string }[] = [
  {
    keys: [
      ["Ctrl", "Enter"],
      ["⌘", "Enter"],
    ],
    does: "Post the comment or note you are writing",
  },
  { keys: [["Ctrl", "K"]], does: "Search, or go to a page" },
  { keys: [["g", "i"]], does: "Open the inbox (unread notifications)" },
  { keys: [["g", "p"]], does: "Go to the projects" },
  { keys: [["a"]], does: "Approve the proof waiting for you (asks first)" },
  { keys: [["c"]], does: "Ask for changes to the proof waiting for you" },
  { keys: [["j"], ["k"]], does: "Next or previous pin, in the proof viewer" },
  { keys: [["←"], ["→"]], does: "Previous or next file, in the viewer" },
  { keys: [["?"]], does: "Show these shortcuts" },
];

export default function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Anywhere but while typing in a field; Ctrl+Enter works while typing a comment.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-2 text-sm" data-testid="shortcut-list">
          {SHORTCUTS.map((s) => (
            <Fragment key={s.does}>
              <dt className="flex flex-wrap gap-1 whitespace-nowrap">
                {s.keys.map((combo, i) => (
                  <Fragment key={combo.join("+")}>
                    {i > 0 && <span className="text-muted-foreground">or</span>}
                    {combo.map((key, j) => (
                      <Fragment key={key}>
                        {j > 0 && <span className="text-muted-foreground">{combo[0] === "g" ? "then" : "+"}</span>}
                        <kbd className="rounded border bg-muted px-1.5 font-mono text-xs">{key}</kbd>
                      </Fragment>
                    ))}
                  </Fragment>
                ))}
              </dt>
              <dd>{s.does}</dd>
            </Fragment>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
