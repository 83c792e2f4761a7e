// Pointers on the shown file: one drags (pans the frame, or goes to the tool), two pinch to zoom.
import { type PointerEvent as ReactPointerEvent, type RefObject, useRef } from "react";
import type { SurfaceTool } from "./types";
import type { ZoomTo } from "./use-zoom";
import { surfacePoint } from "./zoom";

type Gesture =
  | { type: "pan"; clientX: number; clientY: number; left: number; top: number }
  | { type: "tool" }
  | { type: "pinch"; distance: number; zoom: number }
  | null;

export function useSurfaceGestures({
  scroller,
  surface,
  zoom,
  zoomTo,
  tool,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  surface: RefObject<HTMLDivElement | null>;
  zoom: number;
  zoomTo: ZoomTo;
  tool: SurfaceTool | null | undefined;
}) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture>(null);
  const at = (e: ReactPointerEvent) => surfacePoint(surface.current!.getBoundingClientRect(), e);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      if (gesture.current?.type === "tool") tool?.end();
      gesture.current = { type: "pinch", distance: distance(), zoom };
      return;
    }
    if (tool) {
      gesture.current = { type: "tool" };
      tool.start(at(e));
      return;
    }
    const s = scroller.current!;
    gesture.current = { type: "pan", clientX: e.clientX, clientY: e.clientY, left: s.scrollLeft, top: s.scrollTop };
  }

  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.type === "pinch") {
      const [a, b] = [...pointers.current.values()];
      if (g.distance > 0 && a && b) zoomTo(g.zoom * (distance() / g.distance), { clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 });
    } else if (g.type === "tool") tool?.move(at(e));
    else {
      scroller.current!.scrollLeft = g.left - (e.clientX - g.clientX);
      scroller.current!.scrollTop = g.top - (e.clientY - g.clientY);
    }
  }

  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(e.pointerId);
    if (gesture.current?.type === "tool") tool?.end();
    gesture.current = null;
  }

  return { onPointerDown, onPointerMove, onPointerUp };
}
