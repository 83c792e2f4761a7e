// The viewer's zoom: each file opens fitted (100%), and zooming by buttons, keys, wheel or pinch keeps the point under
// the pointer (or the frame's centre) where it was.
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type ClientPoint, clampZoom, scrollToAnchor, type ZoomAnchor, zoomAnchor } from "./zoom";

/** What the wheel does over the frame: zooms (images), zooms only when pinched on a trackpad (a PDF scrolls), or nothing. */
export type WheelZoom = "zoom" | "pinch" | "off";

export type ZoomTo = (next: number | ((zoom: number) => number), at?: ClientPoint) => void;

export function useZoom({
  fileId,
  scroller,
  surface,
  frameEl,
  wheel,
}: {
  fileId: string;
  /** The scrolling frame the file sits in. */
  scroller: RefObject<HTMLDivElement | null>;
  /** The file's own box inside it, the size of the file as drawn. */
  surface: RefObject<HTMLDivElement | null>;
  /** The frame once mounted: the wheel listener waits for it. */
  frameEl: HTMLDivElement | null;
  wheel: WheelZoom;
}): { zoom: number; zoomTo: ZoomTo } {
  const [zoom, setZoom] = useState(1);
  // Reset while rendering, before the next file's image can load at the last one's zoom.
  const [zoomedId, setZoomedId] = useState(fileId);
  if (zoomedId !== fileId) {
    setZoomedId(fileId);
    setZoom(1);
  }

  // Measured once, when asked, and applied once the new zoom is laid out.
  const anchor = useRef<ZoomAnchor | null>(null);
  const zoomTo = useCallback<ZoomTo>(
    (next, at) => {
      const frame = scroller.current?.getBoundingClientRect();
      const box = surface.current?.getBoundingClientRect();
      const measured = frame && box ? zoomAnchor(frame, box, at) : null;
      if (measured) anchor.current = measured;
      setZoom((z) => clampZoom(typeof next === "function" ? next(z) : next));
    },
    [scroller, surface],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each zoom's layout
  useLayoutEffect(() => {
    const s = scroller.current;
    const box = surface.current;
    const a = anchor.current;
    anchor.current = null;
    if (!s || !box || !a) return;
    const { left, top } = scrollToAnchor(a, box);
    s.scrollLeft = left;
    s.scrollTop = top;
  }, [zoom]);

  // A trackpad pinch arrives as a wheel with ctrlKey.
  useEffect(() => {
    if (!frameEl || wheel === "off") return;
    const onWheel = (e: WheelEvent) => {
      if (wheel === "pinch" && !e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      zoomTo((z) => z * Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.002)), e);
    };
    // Not passive: the page itself must not scroll or zoom.
    frameEl.addEventListener("wheel", onWheel, { passive: false });
    return () => frameEl.removeEventListener("wheel", onWheel);
  }, [frameEl, wheel, zoomTo]);

  return { zoom, zoomTo };
}
