// Markup beside pins and boxes (docs/compare.md, "Markup"): an arrow, or a freehand stroke, drawn on a proof's page.
// Points are fractions 0–1 of the page's width and height, like pins, so a shape holds at any zoom and on any screen.
// The geometry is ours and small (a stroke's thinning, an arrow's head); the smooth stroke's outline is drawn by
// perfect-freehand in the viewer.
import { z } from "zod";

export type ShapePoint = [number, number];

/** Points a stroke keeps at most, after thinning: enough for any hand-drawn mark on a page. */
export const SHAPE_MAX_POINTS = 400;
/** How far (as a fraction of the page) a stroke's kept line may stray from the points drawn. */
const STROKE_TOLERANCE = 0.0015;

const fraction = z.number().min(0, "A shape lies on the page.").max(1, "A shape lies on the page.");
const point = z.tuple([fraction, fraction]);

export const shapeInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("arrow"), points: z.tuple([point, point]) }),
  z.object({
    kind: z.literal("freehand"),
    points: z
      .array(point)
      .min(2, "A stroke has two points or more.")
      .max(SHAPE_MAX_POINTS, `A stroke has at most ${SHAPE_MAX_POINTS} points.`),
  }),
]);

export type Shape = z.infer<typeof shapeInput>;

/** Where a shape is pinned (its number shows there): an arrow's tail, a stroke's first point. */
export function shapeAnchor(shape: Shape): { x: number; y: number } {
  const [x, y] = shape.points[0];
  return { x, y };
}

/** An arrow shorter than this (as a fraction of the page's longer side) is a click, not an arrow. */
export const MIN_ARROW = 0.01;

function distanceToSegment(p: ShapePoint, a: ShapePoint, b: ShapePoint): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/**
 * A stroke with the points that add nothing left out (Ramer–Douglas–Peucker: a point within `tolerance` of the line
 * between its neighbours kept goes), then at most `SHAPE_MAX_POINTS`, evenly chosen. Ends are always kept.
 */
export function thinStroke(points: readonly ShapePoint[], tolerance = STROKE_TOLERANCE): ShapePoint[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i += 1) {
      const d = distanceToSegment(points[i]!, points[first]!, points[last]!);
      if (d > distance) [farthest, distance] = [i, d];
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  const kept = points.filter((_, i) => keep[i]);
  if (kept.length <= SHAPE_MAX_POINTS) return kept;
  const step = (kept.length - 1) / (SHAPE_MAX_POINTS - 1);
  return Array.from({ length: SHAPE_MAX_POINTS }, (_, i) => kept[Math.round(i * step)]!);
}

/**
 * An arrow's head in screen pixels: the two ends of its wings, `size` long at 30° either side of the shaft, from the
 * tip `to` back toward `from`. Worked out on the screen, not on the page's fractions, so a wide page's arrow is not
 * squashed.
 */
export function arrowHead(from: ShapePoint, to: ShapePoint, size: number): [ShapePoint, ShapePoint] {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const wing = (turn: number): ShapePoint => [to[0] - size * Math.cos(angle + turn), to[1] - size * Math.sin(angle + turn)];
  return [wing(Math.PI / 6), wing(-Math.PI / 6)];
}

/** Colours shapes take, one per author: distinct from each other and from the page, in both themes. */
export const AUTHOR_COLOURS = ["#c026d3", "#2563eb", "#ea580c", "#059669", "#dc2626", "#7c3aed", "#0891b2", "#ca8a04"] as const;

/** An author's colour, the same wherever their shapes are shown (by a stable hash of who they are). */
export function authorColour(author: string): (typeof AUTHOR_COLOURS)[number] {
  let hash = 0;
  for (const c of author) hash = (hash * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  return AUTHOR_COLOURS[hash % AUTHOR_COLOURS.length]!;
}
