"use client";
// Arrows, freehand strokes and highlights of text over a proof's page (docs/compare.md, "Markup"): stored as fractions of the page, drawn
// here in screen pixels of the box they lie over, so an arrow's head keeps its angle on any page shape and at any
// zoom. A stroke's smooth outline is perfect-freehand's.
import { arrowHead, type Shape, type ShapePoint } from "@atelier/domain";
import { getStroke } from "perfect-freehand";
import { useLayoutEffect, useRef, useState } from "react";

export type DrawnShape = { id: string; shape: Shape; colour: string; faded?: boolean; selected?: boolean };

/** The SVG path of a stroke's outline: perfect-freehand's points, joined by quadratic curves through their midpoints. */
function outlinePath(points: ShapePoint[]): string {
  const outline = getStroke(
    points.map(([x, y]) => [x, y]),
    { size: 6, thinning: 0.4, smoothing: 0.6, streamline: 0.4, simulatePressure: points.length > 2 },
  );
  if (outline.length < 2) return "";
  const parts: (string | number)[] = ["M", ...outline[0]!.slice(0, 2), "Q"];
  outline.forEach(([x0 = 0, y0 = 0], i) => {
    const [x1 = 0, y1 = 0] = outline[(i + 1) % outline.length]!;
    parts.push(x0.toFixed(1), y0.toFixed(1), ((x0 + x1) / 2).toFixed(1), ((y0 + y1) / 2).toFixed(1));
  });
  return [...parts, "Z"].join(" ");
}

export function ShapeLayer({ shapes }: { shapes: DrawnShape[] }) {
  const svg = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  useLayoutEffect(() => {
    const el = svg.current;
    if (!el) return;
    // The layout size, not getBoundingClientRect's: that one is scaled while the dialog's opening zoom runs, and no
    // resize follows when the zoom ends. The observer tells the first size too, before the frame is painted.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ w: entry.contentRect.width, h: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const px = ([x, y]: ShapePoint): ShapePoint => [x * size.w, y * size.h];
  return (
    <svg ref={svg} aria-hidden className="pointer-events-none absolute inset-0 size-full overflow-visible">
      {size.w > 0 &&
        shapes.map(({ id, shape, colour, faded, selected }) => {
          const common = { "data-testid": "shape", "data-kind": shape.kind, "data-shape": id, opacity: faded ? 0.45 : 1 };
          if (shape.kind === "arrow") {
            const [from, to] = [px(shape.points[0]), px(shape.points[1])];
            const [a, b] = arrowHead(from, to, 14);
            return (
              <g
                key={id}
                {...common}
                stroke={colour}
                strokeWidth={selected ? 5 : 3.5}
                strokeLinecap="round"
                strokeLinejoin="round"
                fill="none"
              >
                <line data-testid="arrow-shaft" x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} />
                <polyline points={`${a[0]},${a[1]} ${to[0]},${to[1]} ${b[0]},${b[1]}`} />
              </g>
            );
          }
          if (shape.kind === "highlight")
            return (
              <g key={id} {...common} fill={colour} fillOpacity={0.28} stroke={selected ? colour : "none"} strokeWidth={2}>
                {shape.rects.map(([x, y, w, h], i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a highlight's lines keep their order
                  <rect key={i} x={x * size.w} y={y * size.h} width={w * size.w} height={h * size.h} rx={2} />
                ))}
              </g>
            );
          return (
            <path
              key={id}
              {...common}
              d={outlinePath(shape.points.map(px))}
              fill={colour}
              stroke={selected ? colour : "none"}
              strokeWidth={selected ? 2 : 0}
            />
          );
        })}
    </svg>
  );
}
