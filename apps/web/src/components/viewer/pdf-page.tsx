// One page of a PDF in a canvas (see usePdfPage); with `text`, its text over it to choose words from.
import { useRef } from "react";
import { PdfTextLayer } from "./pdf-text-layer";
import { usePdfPage } from "./use-pdf-page";

export function PdfPage({ text = false, ...props }: Parameters<typeof usePdfPage>[1] & { text?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const doc = usePdfPage(canvas, props);
  return (
    <>
      <canvas ref={canvas} data-testid="pdf-page" className="block bg-white" aria-label={`Page ${props.page}`} />
      {text && doc && <PdfTextLayer doc={doc} page={props.page} width={props.width} />}
    </>
  );
}
