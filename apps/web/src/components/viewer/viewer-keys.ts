// The viewer's keys: arrows step through the files, + - 0 zoom, PageUp and PageDown turn a PDF's pages; on a video or
// a sound, Space plays and pauses, comma and full stop step a frame back and on. Keys typed into a field (the proof
// viewer's pin comment) and shortcuts with modifiers are left alone; Space on a button presses the button.
import type { KeyboardEvent } from "react";

export interface ViewerKeyActions {
  step: (step: 1 | -1) => void;
  /** Null when nothing is shown to zoom (a thumbnail, a download card). */
  zoom: ((direction: 1 | -1 | 0) => void) | null;
  /** Null unless a PDF is open. */
  turnPage: ((step: 1 | -1) => void) | null;
  /** Null unless a video or a sound is playing or paused. */
  media?: { toggle: () => void; step: (by: 1 | -1) => void } | null;
}

export function onViewerKey(e: KeyboardEvent, { step, zoom, turnPage, media = null }: ViewerKeyActions): void {
  const target = e.target as HTMLElement;
  if (target.closest("input, textarea, select, [contenteditable=true]") || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === " " && target.closest("button, a, [role=button], summary")) return;
  const handled = (() => {
    switch (e.key) {
      case "ArrowLeft":
        step(-1);
        return true;
      case "ArrowRight":
        step(1);
        return true;
      case "+":
      case "=":
        zoom?.(1);
        return zoom !== null;
      case "-":
        zoom?.(-1);
        return zoom !== null;
      case "0":
        zoom?.(0);
        return zoom !== null;
      case "PageDown":
        turnPage?.(1);
        return turnPage !== null;
      case "PageUp":
        turnPage?.(-1);
        return turnPage !== null;
      case " ":
        media?.toggle();
        return media !== null;
      case ",":
        media?.step(-1);
        return media !== null;
      case ".":
        media?.step(1);
        return media !== null;
      default:
        return false;
    }
  })();
  if (handled) e.preventDefault();
}
