// The two PDFs being compared, opened with the app's pdf.js (viewer/pdf-engine) by ranges: a page is drawn
// (pdf-canvas.tsx), or its text read, only when compare needs it, so a 40-page proof shows its first page without
// waiting for the rest.
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";
import { loadPdfEngine, openPdfDocument } from "~/components/viewer/pdf-engine";

/** A PDF opened for compare; null while it opens. */
export function usePdfDocument(url: string | undefined): { doc: PDFDocumentProxy | null; error?: string } {
  const [state, setState] = useState<{ url?: string; doc: PDFDocumentProxy | null; error?: string }>({ doc: null });
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    void (async () => {
      try {
        opened = await openPdfDocument(await loadPdfEngine(), { url }).promise;
        if (cancelled) return void opened.destroy();
        setState({ url, doc: opened });
      } catch {
        if (!cancelled) setState({ url, doc: null, error: "This PDF cannot be read to compare it." });
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url]);
  return state.url === url ? state : { doc: null };
}

/** A page's own text, its runs in the order the PDF writes them, lines apart. */
export async function pageText(doc: PDFDocumentProxy, page: number): Promise<string> {
  const content = await (await doc.getPage(page)).getTextContent();
  return content.items.map((item) => ("str" in item ? `${item.str}${item.hasEOL ? "\n" : " "}` : "")).join("");
}
