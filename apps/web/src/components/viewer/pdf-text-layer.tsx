"use client";
// A PDF page's text over its drawing, to choose words from (a highlight's text): pdf.js's own text layer, each run
// placed in % of the page, its size following the page's width on the screen. Drawn only when asked for: most views
// of a page need only its picture.
import type { PDFDocumentProxy, TextLayer } from "pdfjs-dist";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { loadPdfEngine } from "./pdf-engine";

export function PdfTextLayer({ doc, page, width }: { doc: PDFDocumentProxy; page: number; width: number }) {
  const container = useRef<HTMLDivElement>(null);
  // The page's width in PDF points: the text's size is the page's width on the screen over it.
  const [pageWidth, setPageWidth] = useState<number | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let cancelled = false;
    let layer: TextLayer | null = null;
    delete el.dataset.renderedPage;
    void (async () => {
      const [p, { pdfjs }] = await Promise.all([doc.getPage(page), loadPdfEngine()]);
      if (cancelled) return;
      const viewport = p.getViewport({ scale: 1 });
      setPageWidth(viewport.width);
      el.replaceChildren();
      layer = new pdfjs.TextLayer({ textContentSource: p.streamTextContent(), container: el, viewport });
      // pdf.js sizes the layer itself, in its own units; here it is the page's box, whatever the zoom.
      el.style.removeProperty("width");
      el.style.removeProperty("height");
      await layer.render().catch(() => undefined);
      if (!cancelled) el.dataset.renderedPage = String(page);
    })();
    return () => {
      cancelled = true;
      layer?.cancel();
    };
  }, [doc, page]);

  return (
    <div
      ref={container}
      data-testid="pdf-text"
      className="pdf-text-layer"
      style={{ "--total-scale-factor": pageWidth ? width / pageWidth : 1 } as CSSProperties}
    />
  );
}
