"use client";
// Opens one file of a proof: images at full resolution with zoom and pan, PDF pages rendered in the browser (read by
// ranges, so a large file is never loaded whole), other files as a download card. Click a point or drag a box to pin a
// comment there; pins list beside, each linked to its entry in the thread, and resolvable.
import type { SessionUser } from "@atelier/domain";
import { isStaff } from "@atelier/domain";
import { Button, cn, Dialog, DialogContent, DialogDescription, DialogTitle, Textarea } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Download, Hand, MapPin, ZoomIn, ZoomOut } from "lucide-react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { FormError, SubmitButton } from "~/components/form-parts";
import { useTRPC } from "~/trpc/react";

export interface ViewedFile {
  id: string;
  name: string;
  type: string | null;
  downloadUrl: string;
}

type Area = { x: number; y: number; w?: number; h?: number };

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
// Below this much movement (as a fraction of the page) a drag is a click: a point, not a box.
const MIN_BOX = 0.01;

function kindOf(file: ViewedFile): "image" | "pdf" | "other" {
  const name = file.name.toLowerCase();
  if (file.type === "application/pdf" || name.endsWith(".pdf")) return "pdf";
  if (file.type?.startsWith("image/") || /\.(png|jpe?g|gif|webp|avif|svg)$/.test(name)) return "image";
  return "other";
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/** A PDF page drawn into a canvas, one page at a time; pdf.js asks the upload server for the byte ranges it needs. */
function PdfPage({ url, page, width, onPages }: { url: string; page: number; width: number; onPages: (n: number) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opened = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    opened.current = performance.now();
    void (async () => {
      const pdfjs = await import("pdfjs-dist");
      pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();
      // Ranges only: no stream of the whole file, and nothing fetched beyond the pages shown.
      const task = pdfjs.getDocument({ url, disableStream: true, disableAutoFetch: true, rangeChunkSize: 256 * 1024 });
      try {
        loaded = await task.promise;
        if (cancelled) return void loaded.destroy();
        setDoc(loaded);
        onPages(loaded.numPages);
      } catch (e) {
        if (!cancelled) setError(e instanceof Error ? e.message : "This PDF cannot be shown.");
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url, onPages]);

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

  if (error) return <p className="p-4 text-sm text-destructive">{error}</p>;
  return <canvas ref={canvas} data-testid="pdf-page" className="block bg-white" aria-label={`Page ${page}`} />;
}

export function ProofViewer({
  proofId,
  file,
  user,
  initialPage = 1,
  initialPin,
  onClose,
}: {
  proofId: string;
  file: ViewedFile;
  user: SessionUser;
  initialPage?: number;
  initialPin?: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const kind = kindOf(file);
  const [zoom, setZoom] = useState(1);
  const [mode, setMode] = useState<"pin" | "move">("pin");
  const [page, setPage] = useState(initialPage);
  const [pages, setPages] = useState(0);
  const [draft, setDraft] = useState<Area | null>(null);
  const [body, setBody] = useState("");
  const [internal, setInternal] = useState(false);
  const [selected, setSelected] = useState<string | null>(initialPin ?? null);
  const drag = useRef<{ x: number; y: number; scrollLeft: number; scrollTop: number; clientX: number; clientY: number } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  // The width the file is shown at when not zoomed: the viewer's own, kept as the window resizes.
  const [frameWidth, setFrameWidth] = useState(0);
  useEffect(() => {
    const measure = () => setFrameWidth(Math.max(200, (scroller.current?.clientWidth ?? 800) - 2));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  const width = Math.round(frameWidth * zoom);

  const pins = useQuery(trpc.annotations.list.queryOptions({ proofId }));
  const onThisView = (pins.data ?? []).filter((p) => p.fileId === file.id && (kind !== "pdf" || (p.page ?? 1) === page));
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.annotations.list.queryFilter({ proofId }));
    void queryClient.invalidateQueries(trpc.comments.pathFilter());
  };
  const create = useMutation(
    trpc.annotations.create.mutationOptions({
      onSuccess: ({ id }) => {
        setDraft(null);
        setBody("");
        setInternal(false);
        setSelected(id);
        refresh();
      },
    }),
  );
  const resolve = useMutation(trpc.annotations.resolve.mutationOptions({ onSuccess: refresh }));

  const at = (e: ReactPointerEvent) => {
    const rect = surface.current!.getBoundingClientRect();
    return { x: clamp((e.clientX - rect.left) / rect.width), y: clamp((e.clientY - rect.top) / rect.height) };
  };
  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const s = scroller.current!;
    drag.current = { ...at(e), scrollLeft: s.scrollLeft, scrollTop: s.scrollTop, clientX: e.clientX, clientY: e.clientY };
    if (mode === "pin") setDraft(at(e));
  }
  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start) return;
    if (mode === "move") {
      scroller.current!.scrollLeft = start.scrollLeft - (e.clientX - start.clientX);
      scroller.current!.scrollTop = start.scrollTop - (e.clientY - start.clientY);
      return;
    }
    const now = at(e);
    const w = Math.abs(now.x - start.x);
    const h = Math.abs(now.y - start.y);
    setDraft(w < MIN_BOX && h < MIN_BOX ? { x: start.x, y: start.y } : { x: Math.min(start.x, now.x), y: Math.min(start.y, now.y), w, h });
  }
  function onPointerUp() {
    drag.current = null;
  }

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!draft) return;
    create.mutate({
      proofId,
      fileId: file.id,
      ...draft,
      ...(kind === "pdf" ? { page } : {}),
      body,
      shadow: internal,
    });
  }

  const zoomBy = (step: 1 | -1) =>
    setZoom((z) => ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(z as (typeof ZOOMS)[number]) + step))] ?? 1);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex h-[92dvh] max-h-[92dvh] w-[min(100vw-1rem,1280px)] max-w-none flex-col gap-3 p-3 sm:max-w-none sm:p-4">
        <div className="pr-10">
          <DialogTitle className="truncate" title={file.name}>
            {file.name}
          </DialogTitle>
          <DialogDescription>Click a point or drag a box to pin a comment there.</DialogDescription>
        </div>
        {kind === "other" ? (
          <div className="grid place-items-center gap-3 rounded-lg border p-8 text-center">
            <p className="text-sm text-muted-foreground">This kind of file has no preview.</p>
            <a href={file.downloadUrl} download={file.name} className="inline-flex h-11 items-center gap-2 rounded-md border px-4 text-sm">
              <Download className="size-4" aria-hidden /> Download {file.name}
            </a>
          </div>
        ) : (
          <div className="flex min-h-0 flex-1 flex-col gap-3 lg:flex-row">
            <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
              <div className="flex flex-wrap items-center gap-1">
                <Button variant="outline" size="icon" className="size-11" aria-label="Zoom out" onClick={() => zoomBy(-1)}>
                  <ZoomOut aria-hidden />
                </Button>
                <span className="w-12 text-center text-sm tabular-nums">{Math.round(zoom * 100)}%</span>
                <Button variant="outline" size="icon" className="size-11" aria-label="Zoom in" onClick={() => zoomBy(1)}>
                  <ZoomIn aria-hidden />
                </Button>
                <Button
                  variant={mode === "pin" ? "default" : "outline"}
                  size="icon"
                  className="size-11"
                  aria-label="Pin mode"
                  aria-pressed={mode === "pin"}
                  onClick={() => setMode("pin")}
                >
                  <MapPin aria-hidden />
                </Button>
                <Button
                  variant={mode === "move" ? "default" : "outline"}
                  size="icon"
                  className="size-11"
                  aria-label="Move mode"
                  aria-pressed={mode === "move"}
                  onClick={() => setMode("move")}
                >
                  <Hand aria-hidden />
                </Button>
                {kind === "pdf" && pages > 0 && (
                  <span className="ml-auto flex items-center gap-1">
                    <Button
                      variant="outline"
                      size="icon"
                      className="size-11"
                      aria-label="Previous page"
                      disabled={page <= 1}
                      onClick={() => setPage((p) => p - 1)}
                    >
                      <ChevronLeft aria-hidden />
                    </Button>
                    <span className="text-sm tabular-nums" data-testid="pdf-page-number">
                      {page} / {pages}
                    </span>
                    <Button
                      variant="outline"
                      size="icon"
                      className="size-11"
                      aria-label="Next page"
                      disabled={page >= pages}
                      onClick={() => setPage((p) => p + 1)}
                    >
                      <ChevronRight aria-hidden />
                    </Button>
                  </span>
                )}
              </div>
              <div ref={scroller} className="min-h-[40dvh] flex-1 overflow-auto rounded-lg border bg-muted/40" data-testid="viewer">
                <div className="mx-auto w-fit">
                  <div
                    ref={surface}
                    className={cn("relative touch-none select-none", mode === "pin" ? "cursor-crosshair" : "cursor-grab")}
                    onPointerDown={onPointerDown}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={onPointerUp}
                    data-testid="pin-surface"
                  >
                    {kind === "image" ? (
                      <img
                        src={file.downloadUrl}
                        alt={file.name}
                        draggable={false}
                        className="block max-w-none"
                        style={{ width: `${width}px` }}
                      />
                    ) : (
                      frameWidth > 0 && <PdfPage url={file.downloadUrl} page={page} width={width} onPages={setPages} />
                    )}
                    {onThisView.map((p, i) => (
                      <button
                        key={p.id}
                        type="button"
                        data-testid="pin"
                        aria-label={`Pin ${i + 1}: ${p.body}`}
                        title={p.body}
                        onPointerDown={(e) => e.stopPropagation()}
                        onClick={() => setSelected(p.id)}
                        className={cn(
                          "absolute grid place-items-center text-xs font-semibold",
                          p.w != null && p.h != null
                            ? "rounded-sm border-2"
                            : "size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 bg-background",
                          p.shadow ? "border-amber-500 text-amber-700" : "border-fuchsia-600 text-fuchsia-700",
                          p.resolvedAt && "opacity-50",
                          selected === p.id && "ring-4 ring-ring",
                        )}
                        style={{
                          left: `${p.x * 100}%`,
                          top: `${p.y * 100}%`,
                          ...(p.w != null && p.h != null ? { width: `${p.w * 100}%`, height: `${p.h * 100}%` } : {}),
                        }}
                      >
                        {p.w != null ? (
                          <span className="absolute -left-3 -top-3 grid size-6 place-items-center rounded-full bg-background">{i + 1}</span>
                        ) : (
                          i + 1
                        )}
                      </button>
                    ))}
                    {draft && (
                      <div
                        aria-hidden
                        className={cn(
                          "pointer-events-none absolute border-2 border-dashed border-primary",
                          draft.w === undefined && "size-5 -translate-x-1/2 -translate-y-1/2 rounded-full",
                        )}
                        style={{
                          left: `${draft.x * 100}%`,
                          top: `${draft.y * 100}%`,
                          ...(draft.w !== undefined ? { width: `${draft.w * 100}%`, height: `${(draft.h ?? 0) * 100}%` } : {}),
                        }}
                      />
                    )}
                  </div>
                </div>
              </div>
            </div>
            <aside className="flex max-h-[40dvh] min-w-0 flex-col gap-3 overflow-y-auto lg:max-h-none lg:w-80" aria-label="Pins">
              {draft && (
                <form onSubmit={onSubmit} className="grid gap-2 rounded-lg border p-2">
                  <Textarea
                    aria-label="Comment at the pin"
                    required
                    maxLength={5000}
                    value={body}
                    onChange={(e) => setBody(e.target.value)}
                    autoFocus
                  />
                  {isStaff(user.role) && (
                    <label className="flex min-h-11 items-center gap-2 text-sm">
                      <input type="checkbox" className="size-5" checked={internal} onChange={(e) => setInternal(e.target.checked)} />
                      Internal note (the client never sees it)
                    </label>
                  )}
                  <div className="flex justify-end gap-2">
                    <Button type="button" variant="ghost" className="h-11" onClick={() => setDraft(null)}>
                      Cancel
                    </Button>
                    <SubmitButton pending={create.isPending} pendingLabel="Pinning…">
                      Pin comment
                    </SubmitButton>
                  </div>
                  <FormError error={create.error} />
                </form>
              )}
              <ol className="grid gap-2">
                {onThisView.map((p, i) => (
                  <li
                    key={p.id}
                    data-testid="pin-entry"
                    className={cn("rounded-lg border p-2 text-sm", p.shadow && "bg-amber-500/10", selected === p.id && "ring-2 ring-ring")}
                  >
                    <p className="break-words">
                      <strong>{i + 1}.</strong> {p.body}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {p.authorName ?? "Someone"}
                      {p.shadow ? " · internal" : ""}
                      {p.resolvedAt ? " · resolved" : ""}
                    </p>
                    <div className="mt-1 flex flex-wrap gap-1">
                      <a
                        href={`#comment-${p.commentId}`}
                        onClick={onClose}
                        className="inline-flex h-11 items-center px-2 text-xs underline"
                      >
                        In the conversation
                      </a>
                      <Button
                        variant="ghost"
                        className="h-11 text-xs"
                        disabled={resolve.isPending}
                        onClick={() => resolve.mutate({ annotationId: p.id, resolved: !p.resolvedAt })}
                      >
                        {p.resolvedAt ? "Reopen" : "Resolve"}
                      </Button>
                    </div>
                  </li>
                ))}
              </ol>
              {onThisView.length === 0 && !draft && <p className="text-sm text-muted-foreground">No pins here yet.</p>}
            </aside>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
