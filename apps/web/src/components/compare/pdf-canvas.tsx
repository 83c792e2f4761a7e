"use client";
// One page of a PDF being compared, drawn at a width (compare-pdf's drawPage); redrawn when the page or width moves.
import { cn } from "@atelier/ui";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useRef } from "react";
import { drawPdfPage } from "~/components/viewer/pdf-engine";

export function PdfCanvas({
  doc,
  page,
  width,
  label,
  fit,
  className,
}: {
  doc: PDFDocumentProxy;
  page: number;
  /** CSS pixels across. */
  width: number;
  label: string;
  /**
   * "fill": stretched to the box it is in (drawn over another page, which sets the size); "fit": within the box's
   * width and most of the screen's height, like an image; else at `width`.
   */
  fit?: "fill" | "fit";
  className?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const target = canvas.current;
    if (!target || width <= 0 || page > doc.numPages) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void (async () => {
      const p = await doc.getPage(page);
      if (cancelled) return;
      task = drawPdfPage(p, target, width, { sized: !fit });
      await task.promise.catch(() => undefined);
      if (!cancelled) target.dataset.renderedPage = String(page);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width, fit]);

  if (page > doc.numPages)
    return (
      <p className="grid min-h-40 place-items-center rounded border border-dashed p-4 text-center text-sm text-muted-foreground">
        {label} has no page {page}.
      </p>
    );
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={`${label}, page ${page}`}
      data-testid="compare-pdf-page"
      className={cn(
        "block bg-white",
        fit !== "fill" && "shadow-sm ring-1 ring-border",
        fit === "fill" && "absolute inset-0 size-full",
        fit === "fit" && "h-auto max-h-[70dvh] w-auto max-w-full",
        className,
      )}
    />
  );
}
