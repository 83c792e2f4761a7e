// A PDF opened with pdf.js and one page of it drawn into a canvas; pdf.js asks the upload server for the byte ranges
// it needs (a large file is never loaded whole).
import type { PDFDocumentProxy } from "pdfjs-dist";
import { type RefObject, useEffect, useRef, useState } from "react";
import { drawPdfPage, loadPdfEngine, openPdfDocument, RANGE_CHUNK_BYTES, startRangeReads } from "./pdf-engine";

const UNREADABLE = "This PDF cannot be shown.";

export function usePdfPage(
  canvas: RefObject<HTMLCanvasElement | null>,
  {
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
    /** CSS pixels; the canvas holds as many device pixels as the screen has. */
    width: number;
    onPages: (n: number) => void;
    onError: (message: string) => void;
  },
): PDFDocumentProxy | null {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  // When the document was asked for: the first page's drawing time is recorded on the canvas (data-first-page-ms).
  const opened = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    opened.current = performance.now();
    // Larger than one range: read by ranges from the start; smaller files are one range anyway.
    const ranges = size !== null && size > RANGE_CHUNK_BYTES ? startRangeReads(url, size) : null;
    void (async () => {
      try {
        const engine = await loadPdfEngine();
        if (cancelled) return;
        const fail = (e: unknown) => !cancelled && onError(e instanceof Error ? e.message : UNREADABLE);
        // Ranges only, never one answer of the whole file; past the read-ahead, nothing beyond the pages shown.
        const range = ranges ? await ranges.transport(engine.pdfjs, fail) : null;
        if (cancelled) return;
        const task = openPdfDocument(engine, range ? { range } : { url });
        loaded = await task.promise;
        if (cancelled) return void loaded.destroy();
        setDoc(loaded);
        onPages(loaded.numPages);
      } catch (e) {
        if (!cancelled) onError(e instanceof Error ? e.message : UNREADABLE);
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
      render = drawPdfPage(p, target, width);
      await render.promise.catch(() => undefined);
      if (!cancelled && !target.dataset.firstPageMs) target.dataset.firstPageMs = String(Math.round(performance.now() - opened.current));
      if (!cancelled) target.dataset.renderedPage = String(page);
    })();
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [canvas, doc, page, width]);

  return doc;
}
