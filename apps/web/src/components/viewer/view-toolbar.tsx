import { Button } from "@atelier/ui";
import { ChevronLeft, ChevronRight, Maximize, ZoomIn, ZoomOut } from "lucide-react";
import type { ReactNode } from "react";
import type { ZoomTo } from "./use-zoom";
import { stepZoom } from "./zoom";

/** Above the shown file: zoom out, the zoom level, zoom in, fit; then the caller's tools, and a PDF's pages. */
export function ViewToolbar({
  zoom,
  zoomTo,
  tools,
  pdfPages,
  page,
  onPageChange,
}: {
  zoom: number;
  zoomTo: ZoomTo;
  tools: ReactNode;
  /** A PDF's page count once read; 0 for an image (or a PDF still opening). */
  pdfPages: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
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
      <Button variant="outline" size="icon" className="size-11 sm:size-11" aria-label="Fit" aria-keyshortcuts="0" onClick={() => zoomTo(1)}>
        <Maximize aria-hidden />
      </Button>
      {tools}
      {pdfPages > 0 && (
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
            {page} / {pdfPages}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="size-11 sm:size-11"
            aria-label="Next page"
            disabled={page >= pdfPages}
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </span>
      )}
    </div>
  );
}
