// The viewer's zoom steps and the geometry of zooming about a point, apart from React so they can be tested alone.
import type { SurfacePoint } from "./types";

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8] as const;
const MIN_ZOOM = ZOOM_STEPS[0];
const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
export const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** A pointer's place on the page, as DOM events give it. */
export interface ClientPoint {
  clientX: number;
  clientY: number;
}

/** The next zoom step above (or below) the current zoom, which pinching may have left between steps. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = direction === 1 ? ZOOM_STEPS.find((s) => s > zoom + 1e-6) : [...ZOOM_STEPS].reverse().find((s) => s < zoom - 1e-6);
  return next ?? zoom;
}

/** Where a pointer is on the file's surface, as fractions of its width and height (clamped to its edges). */
export function surfacePoint(surface: DOMRect, at: ClientPoint): SurfacePoint {
  return { x: clamp01((at.clientX - surface.left) / surface.width), y: clamp01((at.clientY - surface.top) / surface.height) };
}

/**
 * The point a zoom keeps in place: as fractions of the file's surface (`fx`, `fy`) and in pixels from the frame's
 * corner (`cx`, `cy`). It is the pointer's point, or the frame's centre for the buttons and keys; null while the
 * surface has no size yet.
 */
export interface ZoomAnchor {
  fx: number;
  fy: number;
  cx: number;
  cy: number;
}

export function zoomAnchor(frame: DOMRect, surface: DOMRect, at?: ClientPoint): ZoomAnchor | null {
  if (surface.width <= 0) return null;
  const clientX = at?.clientX ?? frame.left + frame.width / 2;
  const clientY = at?.clientY ?? frame.top + frame.height / 2;
  const on = surfacePoint(surface, { clientX, clientY });
  return { fx: on.x, fy: on.y, cx: clientX - frame.left, cy: clientY - frame.top };
}

/** The frame's scroll offsets that put the anchor's point of the (resized) surface back under the same place. */
export function scrollToAnchor(
  anchor: ZoomAnchor,
  surface: { offsetLeft: number; offsetTop: number; offsetWidth: number; offsetHeight: number },
): { left: number; top: number } {
  return {
    left: surface.offsetLeft + anchor.fx * surface.offsetWidth - anchor.cx,
    top: surface.offsetTop + anchor.fy * surface.offsetHeight - anchor.cy,
  };
}
