import { previewKind } from "@atelier/domain";
import { useEffect } from "react";
import { loadPdfEngine } from "./pdf-engine";

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
