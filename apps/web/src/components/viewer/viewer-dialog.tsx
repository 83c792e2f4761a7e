import { Button, cn, Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@atelier/ui";
import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import type { KeyboardEvent, ReactNode } from "react";
import type { ViewedFile } from "./types";

/**
 * The viewer's frame around the file: the whole screen on a phone, a large dialog from sm up. A header with the file's
 * name and details, previous and next file, download and close; then the toolbar, the scrolling frame and, beside it
 * on wide screens (below on a phone), the aside.
 */
export function ViewerDialog({
  file,
  details,
  description,
  count,
  onStep,
  onClose,
  onKeyDown,
  toolbar,
  frameRef,
  footer,
  aside,
  children,
}: {
  file: ViewedFile;
  details: string;
  description: string | undefined;
  count: number;
  onStep: (step: 1 | -1) => void;
  onClose: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
  toolbar: ReactNode;
  frameRef: (el: HTMLDivElement | null) => void;
  /** Below the frame: a video's or a sound's controls. */
  footer?: ReactNode;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        showCloseButton={false}
        onKeyDown={onKeyDown}
        data-testid="file-viewer"
        className={cn(
          "flex h-dvh w-screen max-w-none flex-col gap-2 rounded-none border-0 p-2",
          "sm:h-[92dvh] sm:w-[min(100vw-2rem,1280px)] sm:max-w-none sm:rounded-lg sm:border sm:p-4",
        )}
      >
        <div className="flex min-w-0 items-center gap-1">
          <div className="min-w-0 flex-1">
            <DialogTitle className="truncate text-base" title={file.name}>
              {file.name}
            </DialogTitle>
            <DialogDescription className="truncate text-xs" title={[details, description].filter(Boolean).join(" · ")}>
              {details}
              {description ? (
                <>
                  <span aria-hidden className="max-sm:hidden">
                    {" · "}
                  </span>
                  {/* A sentence of its own after the details; a phone keeps it for screen readers only. */}
                  <span data-testid="viewer-hint" className="max-sm:sr-only">
                    {" "}
                    {description}
                  </span>
                </>
              ) : null}
            </DialogDescription>
          </div>
          {count > 1 && (
            <>
              <Button
                variant="ghost"
                size="icon"
                className="size-11 shrink-0 sm:size-11"
                aria-label="Previous file"
                onClick={() => onStep(-1)}
              >
                <ChevronLeft aria-hidden />
              </Button>
              <Button variant="ghost" size="icon" className="size-11 shrink-0 sm:size-11" aria-label="Next file" onClick={() => onStep(1)}>
                <ChevronRight aria-hidden />
              </Button>
            </>
          )}
          {file.downloadUrl && (
            <Button asChild variant="ghost" size="icon" className="size-11 shrink-0 sm:size-11">
              <a href={file.downloadUrl} download={file.name} aria-label={`Download ${file.name}`}>
                <Download aria-hidden />
              </a>
            </Button>
          )}
          <DialogClose asChild>
            <Button variant="ghost" size="icon" className="size-11 shrink-0 sm:size-11" aria-label="Close">
              <X aria-hidden />
            </Button>
          </DialogClose>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-2 lg:flex-row lg:gap-3">
          <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
            {toolbar}
            <div
              ref={frameRef}
              className="relative flex min-h-[40dvh] flex-1 overflow-auto rounded-lg border bg-muted/40"
              data-testid="viewer"
            >
              {children}
            </div>
            {footer}
          </div>
          {aside && (
            <aside className="flex max-h-[35dvh] min-w-0 flex-col gap-3 overflow-y-auto lg:max-h-none lg:w-80" aria-label="Pins">
              {aside}
            </aside>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
