"use client";
// A PDF page's text over its drawing, to choose words from (a highlight's text): pdf.js's own text layer, each run
// placed in % of the page, its size following the page's width on the screen. Drawn only when asked for: most views
// of a page need only its picture. A page turned by its /Rotate has its runs placed on the page as it lies in the
// file; the layer is that page's box, turned like the drawing (globals.css, data-main-rotation).
import type { PDFDocumentProxy, TextLayer } from "pdfjs-dist";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { loadPdfEngine } from "./pdf-engine";

export function PdfTextLayer({ doc, page, width }: { doc: PDFDocumentProxy; page: number; width: number }) {
  const container = useRef<HTMLDivElement>(null);
  // The page as shown, in PDF points, and its turn: the text's size is the page's width on the screen over its width.
  const [shape, setShape] = useState<{ width: number; height: number; rotation: number } | null>(null);

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
      setShape({ width: viewport.width, height: viewport.height, rotation: viewport.rotation });
      el.replaceChildren();
      layer = new pdfjs.TextLayer({ textContentSource: p.streamTextContent(), container: el, viewport });
      // pdf.js sizes the layer itself, in its own units; here it is the page's box (as in the file), whatever the zoom.
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
      style={
        {
          "--total-scale-factor": shape ? width / shape.width : 1,
          // Turned a quarter: the unturned page's box is as wide as the shown page is high, and the other way.
          ...(shape && shape.rotation % 180 !== 0
            ? { inset: "auto", left: 0, top: 0, width: `${(width * shape.height) / shape.width}px`, height: `${width}px` }
            : {}),
        } as CSSProperties
      }
    />
  );
}
