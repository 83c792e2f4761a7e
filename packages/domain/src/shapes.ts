// Markup beside pins and boxes (docs/compare.md, "Markup"): an arrow, a freehand stroke, or a highlight of a PDF's text
// on a proof's page. Points and boxes are fractions 0–1 of the page's width and height, like pins, so a shape holds at
// any zoom and on any screen.
// The geometry is ours and small (a stroke's thinning, an arrow's head); the smooth stroke's outline is drawn by
// perfect-freehand in the viewer.
// The shape's input (and the Shape it parses to) is in shape-inputs.ts, the limits both keep in shape-limits.ts: a
// page that draws shapes does not load zod with them (docs/performance.md).
import type { Shape } from "./shape-inputs";
import { HIGHLIGHT_MAX_RECTS, HIGHLIGHT_QUOTE_MAX_LENGTH, SHAPE_MAX_POINTS } from "./shape-limits";

export type ShapePoint = [number, number];

/** How far (as a fraction of the page) a stroke's kept line may stray from the points drawn. */
const STROKE_TOLERANCE = 0.0015;

/** A box on the page [x, y, w, h]: its top left and size, all fractions of the page, inside it. */
export type HighlightBox = [number, number, number, number];

/** Where a shape is pinned (its number shows there): an arrow's tail, a stroke's first point, a highlight's first line. */
export function shapeAnchor(shape: Shape): { x: number; y: number } {
  const [x, y] = shape.kind === "highlight" ? shape.rects[0]! : shape.points[0]!;
  return { x, y };
}

/** A box on the screen, as the browser gives a text selection's (DOMRect). */
type ScreenBox = { left: number; top: number; width: number; height: number };

/**
 * A text selection's boxes on the screen as a highlight's boxes on the page: fractions of `page` (the page's box on
 * the screen), cut to it, specks left out, and the boxes of one line joined into one (the browser gives a box per
 * run of text, often overlapping). Top to bottom, left to right; null when nothing of the page is chosen.
 */
export function highlightBoxes(boxes: readonly ScreenBox[], page: ScreenBox): HighlightBox[] | null {
  if (page.width <= 0 || page.height <= 0) return null;
  const onPage: HighlightBox[] = [];
  for (const b of boxes) {
    const x0 = Math.max(0, (b.left - page.left) / page.width);
    const y0 = Math.max(0, (b.top - page.top) / page.height);
    const x1 = Math.min(1, (b.left + b.width - page.left) / page.width);
    const y1 = Math.min(1, (b.top + b.height - page.top) / page.height);
    // Under half a thousandth of the page wide or high: a line's end, not text.
    if (x1 - x0 >= 0.0005 && y1 - y0 >= 0.0005) onPage.push([x0, y0, x1 - x0, y1 - y0]);
  }
  onPage.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const lines: HighlightBox[] = [];
  for (const b of onPage) {
    const last = lines.at(-1);
    // The same line: their heights overlap by more than half the smaller one.
    const overlap = last ? Math.min(last[1] + last[3], b[1] + b[3]) - Math.max(last[1], b[1]) : 0;
    if (last && overlap > Math.min(last[3], b[3]) / 2) {
      const x0 = Math.min(last[0], b[0]);
      const y0 = Math.min(last[1], b[1]);
      const x1 = Math.max(last[0] + last[2], b[0] + b[2]);
      const y1 = Math.max(last[1] + last[3], b[1] + b[3]);
      lines[lines.length - 1] = [x0, y0, x1 - x0, y1 - y0];
    } else lines.push([...b]);
  }
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  const kept = lines.slice(0, HIGHLIGHT_MAX_RECTS).map((b) => b.map(round) as HighlightBox);
  return kept.length > 0 ? kept : null;
}

/** The text a highlight quotes: its runs of white space as one space, cut to HIGHLIGHT_QUOTE_MAX_LENGTH. */
export function highlightQuote(text: string): string {
  const quote = text.replace(/\s+/g, " ").trim();
  return quote.length > HIGHLIGHT_QUOTE_MAX_LENGTH ? `${quote.slice(0, HIGHLIGHT_QUOTE_MAX_LENGTH - 1)}…` : quote;
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
