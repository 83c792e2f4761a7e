"use client";
// The changed regions of the pair on screen (differences.ts), worked out once per pair: two images, or the same
// page of two PDFs drawn at one size.
import { compareSize, type Region } from "@atelier/domain/image-compare";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";
import { type DifferenceEngine, differences, imageBitmap } from "./differences";

export type DifferencesState = {
  key: string;
  regions?: Region[];
  engine?: DifferenceEngine;
  /** From asking to the answer, for whoever measures it (data-ms). */
  ms?: number;
  error?: string;
};

export type ComparedPicture = { kind: "image"; url: string } | { kind: "pdf"; doc: PDFDocumentProxy; page: number };

/** A PDF page drawn at the size both pages are compared at: its longer side at the compare size (1,600 px). */
async function pageBitmap(doc: PDFDocumentProxy, page: number, size?: { width: number; height: number }) {
  const p = await doc.getPage(page);
  const base = p.getViewport({ scale: 1 });
  const target = size ?? compareSize({ width: base.width * 100, height: base.height * 100 });
  const canvas = document.createElement("canvas");
  canvas.width = target.width;
  canvas.height = target.height;
  await p.render({ canvas, viewport: p.getViewport({ scale: target.width / base.width }) }).promise;
  return { bitmap: await createImageBitmap(canvas, { resizeWidth: target.width, resizeHeight: target.height }), size: target };
}

async function regionsOf(before: ComparedPicture, after: ComparedPicture) {
  if (before.kind === "image" && after.kind === "image") {
    const [a, b] = await Promise.all([imageBitmap(before.url), imageBitmap(after.url)]);
    return differences(a, b);
  }
  if (before.kind === "pdf" && after.kind === "pdf") {
    const a = await pageBitmap(before.doc, before.page);
    const b = await pageBitmap(after.doc, after.page, a.size);
    return differences(a.bitmap, b.bitmap, a.size);
  }
  throw new Error("An image and a PDF cannot be compared.");
}

export function useDifferences(key: string, pair: [ComparedPicture, ComparedPicture] | null): DifferencesState | null {
  const [state, setState] = useState<DifferencesState | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the pair; a new array of the same pair is not a new comparison
  useEffect(() => {
    if (!pair || state?.key === key) return;
    let cancelled = false;
    const asked = performance.now();
    void regionsOf(...pair).then(
      (answer) => !cancelled && setState({ key, ...answer, ms: Math.round(performance.now() - asked) }),
      () => !cancelled && setState({ key, error: "These files could not be read to compare them. Try again in a moment." }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, pair === null, state?.key]);
  return state?.key === key ? state : null;
}
