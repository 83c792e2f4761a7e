// The studio's switch between a comment the client reads and an internal note it never sees. Off unless turned on
// for this one note: a composer starts client-visible, and what it was last time is not kept.
import { cn } from "@atelier/ui";
import { Lock } from "lucide-react";
import type { InputHTMLAttributes } from "react";

const INTERNAL_NOTE_LABEL = "Internal note — the client will not see this";

/** The classes of a composer writing an internal note: the same amber as internal notes in the thread. */
export const INTERNAL_COMPOSER_CLASS = "border-amber-500 bg-amber-500/10 dark:border-amber-400";

export function InternalNoteToggle({ checked, ...input }: { checked: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label
      className={cn(
        "flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-md px-2 text-sm",
        checked ? "font-medium text-amber-800 dark:text-amber-200" : "text-muted-foreground",
      )}
    >
      <input type="checkbox" role="switch" aria-checked={checked} className="size-5 accent-amber-600" {...input} />
      <Lock className="size-4 shrink-0" aria-hidden />
      {INTERNAL_NOTE_LABEL}
    </label>
  );
}
