"use client";
// Opens any file of a list in a dialog: images at full resolution with zoom and pan (buttons, wheel, pinch, keys,
// drag), PDF pages rendered in the browser and read by ranges (a large file is never loaded whole), videos and sounds
// played (by ranges too) with frame-by-frame controls and a timeline, other files as a download card. Large images
// show their thumbnail until asked for the full resolution. The proof viewer adds its pins through the `overlay`,
// `aside`, `toolbar`, `tool` and `marks` props.
import { cn } from "@atelier/ui";
import { Music } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { DownloadCard } from "./download-card";
import { fileDetails } from "./file-details";
import { LargeFilePrompt } from "./large-file-prompt";
import { MediaControls, type TimelineMark } from "./media-controls";
import { PdfPage } from "./pdf-page";
import type { SurfaceTool, ViewedFile, ViewState } from "./types";
import { useFileView } from "./use-file-view";
import { useFrame } from "./use-frame";
import { useMediaClock } from "./use-media-clock";
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
  marks,
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
  /** On a video or a sound: the pins shown along its timeline. */
  marks?: (view: ViewState) => TimelineMark[];
}) {
  const file = files[index] ?? files[0]!;
  const { kind, pages, setPages, natural, setNatural, failed, setFailed, onPdfError, heldBack, request, showsFile } = useFileView(file);
  const { scroller, frameEl, frameRef, frame } = useFrame();
  const surface = useRef<HTMLDivElement>(null);
  const wheel = !showsFile || kind === "audio" ? "off" : kind === "pdf" ? "pinch" : "zoom";
  const { zoom, zoomTo } = useZoom({ fileId: file.id, scroller, surface, frameEl, wheel });
  // A sound has no picture to point at: its comments are pinned to moments only.
  const gestures = useSurfaceGestures({ scroller, surface, zoom, zoomTo, tool: kind === "audio" ? null : tool });
  const isMedia = kind === "video" || kind === "audio";
  const clock = useMediaClock(file.id, { video: kind === "video", fps: file.media?.fps, duration: file.media?.durationS });
  const view: ViewState = {
    file,
    kind,
    page,
    shown: showsFile,
    media: isMedia ? { time: clock.time, fps: clock.fps, playing: clock.playing, seek: clock.seek } : null,
  };
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
      media: showsFile && isMedia ? { toggle: clock.toggle, step: clock.step } : null,
    });

  let content: ReactNode;
  if (file.downloadUrl === null || kind === "other" || failed) {
    const codec = kind === "video" ? file.media?.videoCodec : file.media?.audioCodec;
    content = (
      <DownloadCard
        file={file}
        reason={
          failed && isMedia
            ? `This browser cannot play this ${kind === "video" ? "video" : "sound"}${codec ? ` (${codec})` : ""}: download it to ${kind === "video" ? "watch" : "listen to"} it.`
            : failed
              ? `It cannot be shown here (${failed}).`
              : "This kind of file has no preview: download it to open it."
        }
      />
    );
  } else if (heldBack && (kind === "image" || kind === "pdf")) {
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
          {kind === "video" ? (
            <>
              {/* biome-ignore lint/a11y/useMediaCaption: a draft under review; captions are the studio's to add in the file */}
              <video
                key={file.id}
                ref={clock.mediaRef}
                src={file.downloadUrl}
                poster={file.thumbnail?.startsWith("/") ? undefined : file.thumbnail}
                // Read with CORS, as pdf.js reads PDFs: its frames may then be drawn to a canvas (compare, checks).
                crossOrigin="anonymous"
                preload="metadata"
                playsInline
                data-testid="viewer-video"
                data-zoom={zoom}
                onLoadedMetadata={(e) => {
                  const { videoWidth: w, videoHeight: h } = e.currentTarget;
                  setNatural(w > 0 && h > 0 ? { w, h } : { w: frame.w, h: frame.h });
                }}
                onError={() => setFailed("unplayable")}
                className={cn("block max-w-none bg-black", !natural && "invisible")}
                style={imageWidth ? { width: `${imageWidth}px` } : { width: `${Math.min(frame.w, 320)}px` }}
              />
              {!natural && <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">Loading…</p>}
            </>
          ) : kind === "audio" ? (
            <div className="grid w-[min(40rem,calc(100vw-3rem))] gap-2 p-4" data-testid="viewer-audio">
              {file.thumbnail && !file.thumbnail.startsWith("/") ? (
                <img src={file.thumbnail} alt="" draggable={false} className="h-32 w-full rounded-md bg-background object-fill" />
              ) : (
                <div aria-hidden className="grid h-32 place-items-center rounded-md bg-background text-muted-foreground">
                  <Music className="size-10" />
                </div>
              )}
              {/* biome-ignore lint/a11y/useMediaCaption: a sound for review; what is said in it is the studio's file */}
              <audio key={file.id} ref={clock.mediaRef} src={file.downloadUrl} preload="metadata" onError={() => setFailed("unplayable")} />
            </div>
          ) : kind === "image" ? (
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
          {(kind === "pdf" || (kind !== "audio" && natural)) && overlay?.(view)}
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
        showsFile &&
        (kind === "audio" ? (
          <div className="flex flex-wrap items-center gap-1" role="toolbar" aria-label="View">
            {toolbar?.(view)}
          </div>
        ) : (
          <ViewToolbar
            zoom={zoom}
            zoomTo={zoomTo}
            tools={toolbar?.(view)}
            pdfPages={kind === "pdf" ? pages : 0}
            page={page}
            onPageChange={onPageChange}
          />
        ))
      }
      frameRef={frameRef}
      footer={showsFile && isMedia && <MediaControls clock={clock} video={kind === "video"} marks={marks?.(view) ?? []} />}
      aside={aside?.(view)}
    >
      {content}
    </ViewerDialog>
  );
}
