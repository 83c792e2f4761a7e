import { describe, expect, it } from "vitest";
import { AUTHOR_COLOURS, arrowHead, authorColour, SHAPE_MAX_POINTS, type ShapePoint, shapeAnchor, shapeInput, thinStroke } from "./shapes";

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
