import { describe, expect, it } from "vitest";
import { shapeInput } from "./shape-inputs";
import { HIGHLIGHT_MAX_RECTS, HIGHLIGHT_QUOTE_MAX_LENGTH, SHAPE_MAX_POINTS } from "./shape-limits";
import {
  AUTHOR_COLOURS,
  arrowHead,
  authorColour,
  highlightBoxes,
  highlightQuote,
  type ShapePoint,
  shapeAnchor,
  thinStroke,
} from "./shapes";

describe("shapeInput", () => {
  it("takes an arrow of two points and a stroke of two or more, all on the page", () => {
    expect(
      shapeInput.safeParse({
        kind: "arrow",
        points: [
          [0.1, 0.2],
          [0.5, 0.6],
        ],
      }).success,
    ).toBe(true);
    expect(
      shapeInput.safeParse({
        kind: "freehand",
        points: [
          [0, 0],
          [1, 1],
          [0.5, 0.5],
        ],
      }).success,
    ).toBe(true);
  });

  it("refuses points off the page, a one-point stroke, a three-point arrow, an unknown kind, too many points", () => {
    expect(
      shapeInput.safeParse({
        kind: "arrow",
        points: [
          [0.1, 0.2],
          [1.2, 0.6],
        ],
      }).success,
    ).toBe(false);
    expect(shapeInput.safeParse({ kind: "freehand", points: [[0.1, 0.2]] }).success).toBe(false);
    expect(
      shapeInput.safeParse({
        kind: "arrow",
        points: [
          [0, 0],
          [0.5, 0.5],
          [1, 1],
        ],
      }).success,
    ).toBe(false);
    expect(
      shapeInput.safeParse({
        kind: "circle",
        points: [
          [0, 0],
          [1, 1],
        ],
      }).success,
    ).toBe(false);
    const many = Array.from({ length: SHAPE_MAX_POINTS + 1 }, (_, i) => [i / 1000, 0.5]);
    expect(shapeInput.safeParse({ kind: "freehand", points: many }).success).toBe(false);
  });
});

describe("shapeAnchor", () => {
  it("is the arrow's tail and the stroke's first point", () => {
    expect(
      shapeAnchor({
        kind: "arrow",
        points: [
          [0.1, 0.2],
          [0.5, 0.6],
        ],
      }),
    ).toEqual({ x: 0.1, y: 0.2 });
    expect(
      shapeAnchor({
        kind: "freehand",
        points: [
          [0.3, 0.4],
          [0.5, 0.6],
        ],
      }),
    ).toEqual({ x: 0.3, y: 0.4 });
  });
});

describe("thinStroke", () => {
  it("keeps a straight line's ends only, and a corner", () => {
    const line: ShapePoint[] = Array.from({ length: 50 }, (_, i) => [i / 100, 0.2]);
    expect(thinStroke(line)).toEqual([
      [0, 0.2],
      [0.49, 0.2],
    ]);
    const corner: ShapePoint[] = [...line, ...Array.from({ length: 20 }, (_, i): ShapePoint => [0.49, 0.2 + (i + 1) / 100])];
    expect(thinStroke(corner)).toEqual([
      [0, 0.2],
      [0.49, 0.2],
      [0.49, 0.4],
    ]);
  });

  it("keeps a curve close to the points drawn, and never more than the most points", () => {
    const circle: ShapePoint[] = Array.from({ length: 2000 }, (_, i) => [0.5 + 0.3 * Math.cos(i / 100), 0.5 + 0.3 * Math.sin(i / 100)]);
    const thin = thinStroke(circle);
    expect(thin.length).toBeLessThanOrEqual(SHAPE_MAX_POINTS);
    expect(thin.length).toBeGreaterThan(20);
    expect(thin[0]).toEqual(circle[0]);
    expect(thin.at(-1)).toEqual(circle.at(-1));
    // Every kept point was drawn.
    const drawn = new Set(circle.map(String));
    expect(thin.filter((p) => !drawn.has(String(p)))).toEqual([]);
  });
});

describe("arrowHead", () => {
  it("draws its wings back from the tip, either side of the shaft, the size asked", () => {
    const [a, b] = arrowHead([0, 0], [100, 0], 10);
    expect(a[0]).toBeCloseTo(100 - 10 * Math.cos(Math.PI / 6));
    expect(b[0]).toBeCloseTo(100 - 10 * Math.cos(Math.PI / 6));
    expect(a[1]).toBeCloseTo(-b[1]);
    expect(Math.abs(a[1])).toBeCloseTo(5);
    // Pointing down: wings above the tip.
    const [c, d] = arrowHead([50, 0], [50, 80], 10);
    expect(c[1]).toBeLessThan(80);
    expect(d[1]).toBeLessThan(80);
  });
});

describe("authorColour", () => {
  it("is one of the palette, the same for the same author, and varies between authors", () => {
    expect(AUTHOR_COLOURS).toContain(authorColour("Cleo Client"));
    expect(authorColour("Cleo Client")).toBe(authorColour("Cleo Client"));
    const names = ["Ada", "Ben", "Cleo", "Dora", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"];
    expect(new Set(names.map(authorColour)).size).toBeGreaterThan(3);
  });
});

describe("highlights", () => {
  const page = { left: 100, top: 50, width: 400, height: 800 };
  const highlight = (rects: unknown, quote: unknown = "Call 555 0100") => shapeInput.safeParse({ kind: "highlight", rects, quote });

  it("takes boxes on the page with the text they cover, and refuses boxes off it, none, too many, or no text", () => {
    expect(highlight([[0.1, 0.2, 0.3, 0.02]]).success).toBe(true);
    expect(highlight([[0.8, 0.2, 0.3, 0.02]]).success).toBe(false);
    expect(highlight([[0.1, 0.2, 0, 0.02]]).success).toBe(false);
    expect(highlight([]).success).toBe(false);
    expect(highlight(Array.from({ length: HIGHLIGHT_MAX_RECTS + 1 }, () => [0.1, 0.1, 0.1, 0.01])).success).toBe(false);
    expect(highlight([[0.1, 0.2, 0.3, 0.02]], "   ").success).toBe(false);
    expect(highlight([[0.1, 0.2, 0.3, 0.02]], "x".repeat(HIGHLIGHT_QUOTE_MAX_LENGTH + 1)).success).toBe(false);
    expect(shapeAnchor({ kind: "highlight", rects: [[0.1, 0.2, 0.3, 0.02]], quote: "x" })).toEqual({ x: 0.1, y: 0.2 });
  });

  it("joins a line's overlapping runs into one box, keeps lines apart, and orders them top to bottom", () => {
    const boxes = highlightBoxes(
      [
        // Line two, given first; then line one in two runs that touch, and a run slightly taller than the other.
        { left: 140, top: 130, width: 200, height: 16 },
        { left: 140, top: 110, width: 100, height: 16 },
        { left: 238, top: 109, width: 120, height: 18 },
      ],
      page,
    );
    expect(boxes).toEqual([
      [0.1, 0.07375, 0.545, 0.0225],
      [0.1, 0.1, 0.5, 0.02],
    ]);
  });

  it("cuts boxes to the page, leaves specks out, and is null when nothing of the page is chosen", () => {
    expect(highlightBoxes([{ left: 50, top: 50, width: 100, height: 16 }], page)).toEqual([[0, 0, 0.125, 0.02]]);
    expect(highlightBoxes([{ left: 200, top: 200, width: 0.1, height: 16 }], page)).toBeNull();
    expect(highlightBoxes([{ left: 600, top: 200, width: 50, height: 16 }], page)).toBeNull();
    expect(highlightBoxes([], page)).toBeNull();
    expect(highlightBoxes([{ left: 200, top: 200, width: 50, height: 16 }], { ...page, width: 0 })).toBeNull();
  });

  it("quotes the text with its white space as single spaces, cut with an ellipsis when long", () => {
    expect(highlightQuote("  Call\n 555\t0100 ")).toBe("Call 555 0100");
    const long = highlightQuote("word ".repeat(400));
    expect(long).toHaveLength(HIGHLIGHT_QUOTE_MAX_LENGTH);
    expect(long.endsWith("…")).toBe(true);
  });
});
