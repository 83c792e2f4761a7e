"use client";
// Opens any file of a list in a dialog: images at full resolution with zoom and pan (buttons, wheel, pinch, keys,
// drag), PDF pages rendered in the browser and read by ranges (a large file is never loaded whole), other files as a
// download card. Large images show their thumbnail until asked for the full resolution. The proof viewer adds its
// pins through the `overlay`, `aside`, `toolbar` and `tool` props.
import { opensOnRequest, type PreviewKind, previewKind } from "@atelier/domain";
import { Button, cn, Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@atelier/ui";
import { ChevronLeft, ChevronRight, Download, FileIcon, Maximize, X, ZoomIn, ZoomOut } from "lucide-react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { formatBytes } from "~/components/common/format";
import { loadPdfEngine, RANGE_CHUNK_BYTES, startRangeReads } from "./pdf-engine";

export interface ViewedFile {
  id: string;
  name: string;
  type: string | null;
  size: number | null;
  /** Null while no upload server answers. */
  downloadUrl: string | null;
  /** The 300 px preview made on upload, or the site's placeholder (a path on this site) when there is none. */
  thumbnail?: string;
}

/** A point on the shown file, as fractions 0–1 of its width and height. */
export interface SurfacePoint {
  x: number;
  y: number;
}

/** Takes one-finger (or mouse) drags on the file instead of panning: the proof viewer's pins. */
export interface SurfaceTool {
  start(at: SurfacePoint): void;
  move(at: SurfacePoint): void;
  end(): void;
}

/** What the viewer shows right now, for the layers drawn over it. */
export interface ViewState {
  file: ViewedFile;
  kind: PreviewKind;
  page: number;
  /** The file itself is shown (not a thumbnail, a download card or an error). */
  shown: boolean;
}

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8] as const;
const MIN_ZOOM = ZOOM_STEPS[0];
const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** The next zoom step above (or below) the current zoom, which pinching may have left between steps. */
function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = direction === 1 ? ZOOM_STEPS.find((s) => s > zoom + 1e-6) : [...ZOOM_STEPS].reverse().find((s) => s < zoom - 1e-6);
  return next ?? zoom;
}

/** Loads the PDF engine while the browser is idle when a list shows a PDF, so opening one draws its page sooner. */
export function useWarmPdfEngine(files: readonly { name: string; type: string | null }[] | undefined): void {
  const hasPdf = files?.some((f) => previewKind(f) === "pdf") ?? false;
  useEffect(() => {
    if (!hasPdf) return;
    const warm = () => void loadPdfEngine().catch(() => undefined);
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(warm, 200);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(warm, { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }, [hasPdf]);
}

/** A PDF page drawn into a canvas, one page at a time; pdf.js asks the upload server for the byte ranges it needs. */
function PdfPage({
  url,
  size,
  page,
  width,
  onPages,
  onError,
}: {
  url: string;
  size: number | null;
  page: number;
  width: number;
  onPages: (n: number) => void;
  onError: (message: string) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const opened = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    opened.current = performance.now();
    // Larger than one range: read by ranges from the start; smaller files are one range anyway.
    const ranges = size !== null && size > RANGE_CHUNK_BYTES ? startRangeReads(url, size) : null;
    void (async () => {
      try {
        const { pdfjs, worker } = await loadPdfEngine();
        if (cancelled) return;
        const fail = (e: unknown) => !cancelled && onError(e instanceof Error ? e.message : "This PDF cannot be shown.");
        // Ranges only, never one answer of the whole file; past the read-ahead, nothing beyond the pages shown.
        const range = ranges ? await ranges.transport(pdfjs, fail) : null;
        if (cancelled) return;
        const task = pdfjs.getDocument({
          ...(range ? { range } : { url }),
          worker,
          disableStream: true,
          disableAutoFetch: true,
          rangeChunkSize: RANGE_CHUNK_BYTES,
        });
        loaded = await task.promise;
        if (cancelled) return void loaded.destroy();
        setDoc(loaded);
        onPages(loaded.numPages);
      } catch (e) {
        if (!cancelled) onError(e instanceof Error ? e.message : "This PDF cannot be shown.");
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url, size, onPages, onError]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    const target = canvas.current;
    let render: { cancel(): void; promise: Promise<void> } | null = null;
    void (async () => {
      const p = await doc.getPage(page);
      if (cancelled) return;
      const base = p.getViewport({ scale: 1 });
      const viewport = p.getViewport({ scale: width / base.width });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      render = p.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await render.promise.catch(() => undefined);
      if (!cancelled && !target.dataset.firstPageMs) target.dataset.firstPageMs = String(Math.round(performance.now() - opened.current));
      if (!cancelled) target.dataset.renderedPage = String(page);
    })();
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, page, width]);

  return <canvas ref={canvas} data-testid="pdf-page" className="block bg-white" aria-label={`Page ${page}`} />;
}

function describeType(file: ViewedFile): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1];
  return file.type && file.type !== "application/octet-stream" ? file.type : ext ? `${ext.toUpperCase()} file` : "File";
}

/** What the browser cannot show: the file's name, size and type, and a way to download it. */
function DownloadCard({ file, reason }: { file: ViewedFile; reason: string }) {
  return (
    <div className="m-auto grid w-full max-w-sm gap-3 rounded-lg border bg-background p-6 text-center" data-testid="download-card">
      <FileIcon className="mx-auto size-10 text-muted-foreground" aria-hidden />
      <p className="break-all font-medium">{file.name}</p>
      <p className="text-sm text-muted-foreground" data-testid="download-card-details">
        {[formatBytes(file.size), describeType(file)].filter(Boolean).join(" · ")}
      </p>
      <p className="text-sm text-muted-foreground">{reason}</p>
      {file.downloadUrl ? (
        <Button asChild className="mx-auto h-11">
          <a href={file.downloadUrl} download={file.name}>
            <Download className="size-4" aria-hidden /> Download
          </a>
        </Button>
      ) : (
        <p className="text-sm text-destructive-text">The file store does not answer right now: try again in a moment.</p>
      )}
    </div>
  );
}

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
}) {
  const file = files[index] ?? files[0]!;
  const kind = previewKind(file);
  const [zoom, setZoom] = useState(1);
  const [pages, setPages] = useState(0);
  const [requested, setRequested] = useState(false);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  // The dialog's content mounts after the dialog (in a portal): effects that need the frame wait for it.
  const [frameEl, setFrameEl] = useState<HTMLDivElement | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  const [frame, setFrame] = useState({ w: 0, h: 0 });

  // Each file opens fitted, as its thumbnail when large: reset while rendering, before its image can load.
  const [shownId, setShownId] = useState(file.id);
  if (shownId !== file.id) {
    setShownId(file.id);
    setZoom(1);
    setPages(0);
    setRequested(false);
    setNatural(null);
    setFailed(null);
  }

  useLayoutEffect(() => {
    const el = frameEl;
    if (!el) return;
    const measure = () => setFrame({ w: Math.max(120, el.clientWidth - 2), h: Math.max(120, el.clientHeight - 2) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frameEl]);

  const heldBack = opensOnRequest(file) && !requested;
  const hasThumbnail = Boolean(file.thumbnail && !file.thumbnail.startsWith("/"));
  const showsFile = kind !== "other" && !failed && file.downloadUrl !== null && !heldBack;
  const view: ViewState = { file, kind, page, shown: showsFile };

  // Images fit the frame (never enlarged past their own pixels) at 100%; PDF pages fit its width.
  const fit = natural ? Math.min(1, frame.w / natural.w, frame.h / natural.h) : 1;
  const imageWidth = natural ? Math.max(1, Math.round(natural.w * fit * zoom)) : undefined;
  const pdfWidth = Math.round(frame.w * zoom);

  // Zooming keeps the point under the cursor (or the centre) where it was.
  const anchor = useRef<{ fx: number; fy: number; cx: number; cy: number } | null>(null);
  const zoomTo = useCallback((next: number, at?: { clientX: number; clientY: number }) => {
    const s = scroller.current;
    const box = surface.current?.getBoundingClientRect();
    if (s && box && box.width > 0) {
      const frameBox = s.getBoundingClientRect();
      const clientX = at?.clientX ?? frameBox.left + frameBox.width / 2;
      const clientY = at?.clientY ?? frameBox.top + frameBox.height / 2;
      anchor.current = {
        fx: clamp01((clientX - box.left) / box.width),
        fy: clamp01((clientY - box.top) / box.height),
        cx: clientX - frameBox.left,
        cy: clientY - frameBox.top,
      };
    }
    setZoom(clampZoom(next));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each zoom's layout
  useLayoutEffect(() => {
    const s = scroller.current;
    const box = surface.current;
    const a = anchor.current;
    anchor.current = null;
    if (!s || !box || !a) return;
    s.scrollLeft = box.offsetLeft + a.fx * box.offsetWidth - a.cx;
    s.scrollTop = box.offsetTop + a.fy * box.offsetHeight - a.cy;
  }, [zoom]);

  // The wheel zooms images (a trackpad pinch arrives as a wheel with ctrlKey); over a PDF it scrolls unless pinched.
  useEffect(() => {
    const s = frameEl;
    if (!s) return;
    const onWheel = (e: WheelEvent) => {
      if (!showsFile || (kind === "pdf" && !e.ctrlKey && !e.metaKey)) return;
      e.preventDefault();
      setZoom((z) => {
        const next = clampZoom(z * Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.002)));
        const box = surface.current?.getBoundingClientRect();
        const frameBox = s.getBoundingClientRect();
        if (box && box.width > 0)
          anchor.current = {
            fx: clamp01((e.clientX - box.left) / box.width),
            fy: clamp01((e.clientY - box.top) / box.height),
            cx: e.clientX - frameBox.left,
            cy: e.clientY - frameBox.top,
          };
        return next;
      });
    };
    // Not passive: the page itself must not scroll or zoom.
    s.addEventListener("wheel", onWheel, { passive: false });
    return () => s.removeEventListener("wheel", onWheel);
  }, [frameEl, kind, showsFile]);

  // Pointers on the file: one drags (pans, or goes to the tool), two pinch.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<
    | { type: "pan"; clientX: number; clientY: number; left: number; top: number }
    | { type: "tool" }
    | { type: "pinch"; distance: number; zoom: number }
    | null
  >(null);
  const at = (e: { clientX: number; clientY: number }): SurfacePoint => {
    const rect = surface.current!.getBoundingClientRect();
    return { x: clamp01((e.clientX - rect.left) / rect.width), y: clamp01((e.clientY - rect.top) / rect.height) };
  };
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      if (gesture.current?.type === "tool") tool?.end();
      gesture.current = { type: "pinch", distance: distance(), zoom };
      return;
    }
    if (tool) {
      gesture.current = { type: "tool" };
      tool.start(at(e));
      return;
    }
    const s = scroller.current!;
    gesture.current = { type: "pan", clientX: e.clientX, clientY: e.clientY, left: s.scrollLeft, top: s.scrollTop };
  }
  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.type === "pinch") {
      const [a, b] = [...pointers.current.values()];
      if (g.distance > 0 && a && b) zoomTo(g.zoom * (distance() / g.distance), { clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 });
    } else if (g.type === "tool") tool?.move(at(e));
    else {
      scroller.current!.scrollLeft = g.left - (e.clientX - g.clientX);
      scroller.current!.scrollTop = g.top - (e.clientY - g.clientY);
    }
  }
  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(e.pointerId);
    if (gesture.current?.type === "tool") tool?.end();
    gesture.current = null;
  }

  const count = files.length;
  const go = (step: 1 | -1) => {
    if (count > 1) onIndexChange((index + step + count) % count);
  };
  function onKeyDown(e: ReactKeyboardEvent) {
    const target = e.target as HTMLElement;
    if (target.closest("input, textarea, select, [contenteditable=true]") || e.altKey || e.ctrlKey || e.metaKey) return;
    const handled = (() => {
      switch (e.key) {
        case "ArrowLeft":
          go(-1);
          return true;
        case "ArrowRight":
          go(1);
          return true;
        case "+":
        case "=":
          if (showsFile) zoomTo(stepZoom(zoom, 1));
          return showsFile;
        case "-":
          if (showsFile) zoomTo(stepZoom(zoom, -1));
          return showsFile;
        case "0":
          if (showsFile) zoomTo(1);
          return showsFile;
        case "PageDown":
          if (kind === "pdf" && page < pages) onPageChange(page + 1);
          return kind === "pdf";
        case "PageUp":
          if (kind === "pdf" && page > 1) onPageChange(page - 1);
          return kind === "pdf";
        default:
          return false;
      }
    })();
    if (handled) e.preventDefault();
  }

  const onPdfError = useCallback((message: string) => setFailed(message), []);
  const details = [count > 1 ? `File ${index + 1} of ${count}` : null, formatBytes(file.size), describeType(file)]
    .filter(Boolean)
    .join(" · ");

  let content: ReactNode;
  if (file.downloadUrl === null || kind === "other" || failed) {
    content = (
      <DownloadCard
        file={file}
        reason={failed ? `It cannot be shown here (${failed}).` : "This kind of file has no preview: download it to open it."}
      />
    );
  } else if (heldBack) {
    content = (
      <div className="m-auto grid max-w-sm gap-3 p-4 text-center" data-testid={kind === "image" ? "large-image" : "large-pdf"}>
        {hasThumbnail ? (
          <img src={file.thumbnail} alt={`Preview of ${file.name}`} className="mx-auto w-full max-w-[300px] rounded-md bg-muted" />
        ) : (
          <FileIcon className="mx-auto size-10 text-muted-foreground" aria-hidden />
        )}
        <p className="text-sm text-muted-foreground">
          {kind === "pdf"
            ? "This PDF is large: opening it reads the parts its pages need, which can still be a lot."
            : hasThumbnail
              ? "A preview: the full image is large."
              : "This image is large: it has no small preview."}
        </p>
        <Button className="mx-auto h-11" onClick={() => setRequested(true)}>
          {kind === "pdf" ? "Open the PDF" : "Load full resolution"} ({formatBytes(file.size)})
        </Button>
        <Button asChild variant="outline" className="mx-auto h-11">
          <a href={file.downloadUrl} download={file.name}>
            <Download className="size-4" aria-hidden /> Download
          </a>
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="m-auto w-fit">
        <div
          ref={surface}
          className={cn("relative touch-none select-none", tool ? "cursor-crosshair" : "cursor-grab active:cursor-grabbing")}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
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
                key={file.id}
              />
            )
          )}
          {(kind === "pdf" || natural) && overlay?.(view)}
        </div>
      </div>
    );
  }

  const asideNode = aside?.(view);
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
            <DialogDescription className="truncate text-xs" title={description ? `${details}. ${description}` : details}>
              {details}
              {description ? <span className="sr-only">. {description}</span> : null}
            </DialogDescription>
          </div>
          {count > 1 && (
            <>
              <Button variant="ghost" size="icon" className="size-11 shrink-0 sm:size-11" aria-label="Previous file" onClick={() => go(-1)}>
                <ChevronLeft aria-hidden />
              </Button>
              <Button variant="ghost" size="icon" className="size-11 shrink-0 sm:size-11" aria-label="Next file" onClick={() => go(1)}>
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
            {showsFile && (
              <div className="flex flex-wrap items-center gap-1" role="toolbar" aria-label="View">
                <Button
                  variant="outline"
                  size="icon"
                  className="size-11 sm:size-11"
                  aria-label="Zoom out"
                  aria-keyshortcuts="-"
                  onClick={() => zoomTo(stepZoom(zoom, -1))}
                >
                  <ZoomOut aria-hidden />
                </Button>
                <span className="w-12 text-center text-sm tabular-nums" data-testid="zoom-level" aria-live="polite">
                  {Math.round(zoom * 100)}%
                </span>
                <Button
                  variant="outline"
                  size="icon"
                  className="size-11 sm:size-11"
                  aria-label="Zoom in"
                  aria-keyshortcuts="+"
                  onClick={() => zoomTo(stepZoom(zoom, 1))}
                >
                  <ZoomIn aria-hidden />
                </Button>
                <Button
                  variant="outline"
                  size="icon"
                  className="size-11 sm:size-11"
                  aria-label="Fit"
                  aria-keyshortcuts="0"
                  onClick={() => zoomTo(1)}
                >
                  <Maximize aria-hidden />
                </Button>
                {toolbar?.(view)}
                {kind === "pdf" && pages > 0 && (
                  <span className="ml-auto flex items-center gap-1">
                    <Button
                      variant="outline"
                      size="icon"
                      className="size-11 sm:size-11"
                      aria-label="Previous page"
                      disabled={page <= 1}
                      onClick={() => onPageChange(page - 1)}
                    >
                      <ChevronLeft aria-hidden />
                    </Button>
                    <span className="text-sm tabular-nums" data-testid="pdf-page-number">
                      {page} / {pages}
                    </span>
                    <Button
                      variant="outline"
                      size="icon"
                      className="size-11 sm:size-11"
                      aria-label="Next page"
                      disabled={page >= pages}
                      onClick={() => onPageChange(page + 1)}
                    >
                      <ChevronRight aria-hidden />
                    </Button>
                  </span>
                )}
              </div>
            )}
            <div
              ref={(el) => {
                scroller.current = el;
                setFrameEl(el);
              }}
              className="relative flex min-h-[40dvh] flex-1 overflow-auto rounded-lg border bg-muted/40"
              data-testid="viewer"
            >
              {content}
            </div>
          </div>
          {asideNode && (
            <aside className="flex max-h-[35dvh] min-w-0 flex-col gap-3 overflow-y-auto lg:max-h-none lg:w-80" aria-label="Pins">
              {asideNode}
            </aside>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
