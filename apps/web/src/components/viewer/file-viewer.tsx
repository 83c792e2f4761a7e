"use client";
// Opens any file of a list in a dialog: images at full resolution with zoom and pan (buttons, wheel, pinch, keys,
// drag), PDF pages rendered in the browser and read by ranges (a large file is never loaded whole), other files as a
// download card. Large images show their thumbnail until asked for the full resolution. The proof viewer adds its
// pins through the `overlay`, `aside`, `toolbar` and `tool` props.
import { cn } from "@atelier/ui";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { DownloadCard } from "./download-card";
import { fileDetails } from "./file-details";
import { LargeFilePrompt } from "./large-file-prompt";
import { PdfPage } from "./pdf-page";
import type { SurfaceTool, ViewedFile, ViewState } from "./types";
import { useFileView } from "./use-file-view";
import { useFrame } from "./use-frame";
import { useSurfaceGestures } from "./use-surface-gestures";
import { useZoom } from "./use-zoom";
import { ViewToolbar } from "./view-toolbar";
import { ViewerDialog } from "./viewer-dialog";
import { onViewerKey } from "./viewer-keys";
import { stepZoom } from "./zoom";

export function FileViewer({
  files,
  index,
  onIndexChange,
  page,
  onPageChange,
  onClose,
  description,
  overlay,
  aside,
  toolbar,
  tool,
  selectText = false,
}: {
  files: ViewedFile[];
  index: number;
  onIndexChange: (index: number) => void;
  page: number;
  onPageChange: (page: number) => void;
  onClose: () => void;
  description?: string;
  /** Drawn over the file, in a box of exactly its size (position children in % of it). */
  overlay?: (view: ViewState) => ReactNode;
  /** Beside the file on wide screens, below it on a phone. */
  aside?: (view: ViewState) => ReactNode;
  toolbar?: (view: ViewState) => ReactNode;
  /** When given, a one-pointer drag on the file goes to it; two fingers still pinch to zoom. */
  tool?: SurfaceTool | null;
  /** On a PDF: its text can be chosen (a highlight), and a drag chooses text instead of panning or drawing. */
  selectText?: boolean;
}) {
  const file = files[index] ?? files[0]!;
  const { kind, pages, setPages, natural, setNatural, failed, setFailed, onPdfError, heldBack, request, showsFile } = useFileView(file);
  const { scroller, frameEl, frameRef, frame } = useFrame();
  const surface = useRef<HTMLDivElement>(null);
  const wheel = !showsFile ? "off" : kind === "pdf" ? "pinch" : "zoom";
  const { zoom, zoomTo } = useZoom({ fileId: file.id, scroller, surface, frameEl, wheel });
  const gestures = useSurfaceGestures({ scroller, surface, zoom, zoomTo, tool });
  const view: ViewState = { file, kind, page, shown: showsFile };
  const choosingText = selectText && kind === "pdf";

  // Images fit the frame (never enlarged past their own pixels) at 100%; PDF pages fit its width.
  const fit = natural ? Math.min(1, frame.w / natural.w, frame.h / natural.h) : 1;
  const imageWidth = natural ? Math.max(1, Math.round(natural.w * fit * zoom)) : undefined;
  const pdfWidth = Math.round(frame.w * zoom);

  const count = files.length;
  const step = (by: 1 | -1) => {
    if (count > 1) onIndexChange((index + by + count) % count);
  };
  const onKeyDown = (e: KeyboardEvent) =>
    onViewerKey(e, {
      step,
      zoom: showsFile ? (direction) => zoomTo(direction === 0 ? 1 : stepZoom(zoom, direction)) : null,
      turnPage:
        kind === "pdf"
          ? (by) => {
              if (by === 1 ? page < pages : page > 1) onPageChange(page + by);
            }
          : null,
    });

  let content: ReactNode;
  if (file.downloadUrl === null || kind === "other" || failed) {
    content = (
      <DownloadCard
        file={file}
        reason={failed ? `It cannot be shown here (${failed}).` : "This kind of file has no preview: download it to open it."}
      />
    );
  } else if (heldBack) {
    content = <LargeFilePrompt file={file} kind={kind} downloadUrl={file.downloadUrl} onOpen={request} />;
  } else {
    content = (
      <div className="m-auto w-fit">
        <div
          ref={surface}
          className={cn(
            "relative",
            choosingText ? "select-text" : "touch-none select-none",
            !choosingText && (tool ? "cursor-crosshair" : "cursor-grab active:cursor-grabbing"),
          )}
          {...(choosingText
            ? {}
            : {
                onPointerDown: gestures.onPointerDown,
                onPointerMove: gestures.onPointerMove,
                onPointerUp: gestures.onPointerUp,
                onPointerCancel: gestures.onPointerUp,
              })}
          data-testid="pin-surface"
        >
          {kind === "image" ? (
            <>
              <img
                key={file.id}
                src={file.downloadUrl}
                alt={file.name}
                draggable={false}
                data-testid="viewer-image"
                data-zoom={zoom}
                onLoad={(e) => {
                  const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
                  // An SVG without a size of its own fills the frame.
                  setNatural(w > 0 && h > 0 ? { w, h } : { w: frame.w, h: frame.h });
                }}
                onError={() => setFailed("the browser could not read the image")}
                className={cn("block max-w-none", !natural && "invisible")}
                style={imageWidth ? { width: `${imageWidth}px` } : { width: `${Math.min(frame.w, 320)}px` }}
              />
              {!natural && <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">Loading…</p>}
            </>
          ) : (
            frame.w > 0 && (
              <PdfPage
                url={file.downloadUrl}
                size={file.size}
                page={page}
                width={pdfWidth}
                onPages={setPages}
                onError={onPdfError}
                text={choosingText}
                key={file.id}
              />
            )
          )}
          {(kind === "pdf" || natural) && overlay?.(view)}
        </div>
      </div>
    );
  }

  return (
    <ViewerDialog
      file={file}
      details={fileDetails(file, index, count)}
      description={description}
      count={count}
      onStep={step}
      onClose={onClose}
      onKeyDown={onKeyDown}
      toolbar={
        showsFile && (
          <ViewToolbar
            zoom={zoom}
            zoomTo={zoomTo}
            tools={toolbar?.(view)}
            pdfPages={kind === "pdf" ? pages : 0}
            page={page}
            onPageChange={onPageChange}
          />
        )
      }
      frameRef={frameRef}
      aside={aside?.(view)}
    >
      {content}
    </ViewerDialog>
  );
}
