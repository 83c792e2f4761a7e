// One page of a PDF in a canvas (see usePdfPage).
import { useRef } from "react";
import { usePdfPage } from "./use-pdf-page";

export function PdfPage(props: Parameters<typeof usePdfPage>[1]) {
  const canvas = useRef<HTMLCanvasElement>(null);
  usePdfPage(canvas, props);
  return <canvas ref={canvas} data-testid="pdf-page" className="block bg-white" aria-label={`Page ${props.page}`} />;
}
