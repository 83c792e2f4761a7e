"use client";
// A secret address shown this once (a review link, a calendar feed): read-only, selected on focus, with Copy. Only
// its hash is stored, so the page says to copy it now.
import { Button, Input, toast } from "@atelier/ui";
import { Copy } from "lucide-react";

export function ShownOnce({ value, noun, label, testId }: { value: string; noun: string; label: string; testId: string }) {
  return (
    <div className="grid gap-2 rounded-md bg-muted p-2" data-testid={testId}>
      <p className="text-sm">Copy the {noun} now: it is shown only once.</p>
      <div className="flex min-w-0 gap-2">
        <Input readOnly value={value} aria-label={label} className="min-w-0 font-mono text-xs" onFocus={(e) => e.target.select()} />
        <Button
          type="button"
          variant="outline"
          className="h-11 shrink-0"
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => toast({ title: `${noun[0]?.toUpperCase()}${noun.slice(1)} copied` }),
              () => toast({ title: `Select the ${noun} and copy it` }),
            )
          }
        >
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
      </div>
    </div>
  );
}
