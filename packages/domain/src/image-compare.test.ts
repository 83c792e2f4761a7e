import { describe, expect, it } from "vitest";
import { changedRegions, compareSize, type Raster } from "./image-compare";

/** A grey image with the given rectangles (pixels) painted red. */
function image(
  width: number,
  height: number,
  rects: { x: number; y: number; w: number; h: number }[] = [],
  noise = 0,
): Raster & { data: Uint8ClampedArray } {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) data.set([128 + (i % 2 ? noise : -noise), 128, 128, 255], i * 4);
  for (const r of rects)
    for (let y = r.y; y < r.y + r.h; y += 1) for (let x = r.x; x < r.x + r.w; x += 1) data.set([220, 30, 30, 255], (y * width + x) * 4);
  return { width, height, data };
}

describe("changedRegions", () => {
  it("finds nothing between equal images, nor in noise under the threshold", () => {
    expect(changedRegions(image(64, 48), image(64, 48))).toEqual([]);
    expect(changedRegions(image(64, 48), image(64, 48, [], 20))).toEqual([]);
  });

  it("finds one changed rectangle as one region, where it is, to the grid's cell", () => {
    const [region, ...rest] = changedRegions(image(400, 300), image(400, 300, [{ x: 100, y: 60, w: 50, h: 40 }]));
    expect(rest).toEqual([]);
    // The cells it touches: 96–152 by 56–104 pixels.
    expect(region).toEqual({ x: 96 / 400, y: 56 / 300, w: 56 / 400, h: 48 / 300 });
  });

  it("keeps far changes apart, top to bottom then left to right, and joins changes one cell apart", () => {
    const after = image(400, 300, [
      { x: 300, y: 200, w: 10, h: 10 },
      { x: 20, y: 20, w: 10, h: 10 },
      { x: 200, y: 20, w: 10, h: 10 },
      // One unchanged cell (216–223) right of the last: still the same change.
      { x: 224, y: 20, w: 6, h: 10 },
    ]);
    const regions = changedRegions(image(400, 300), after);
    expect(regions.map((r) => [Math.round(r.x * 400), Math.round(r.y * 300)])).toEqual([
      [16, 16],
      [200, 16],
      [296, 200],
    ]);
    expect(Math.round((regions[1]?.w ?? 0) * 400)).toBe(32);
  });

  it("counts a change of transparency, and clips a region at the image's edge", () => {
    const before = image(30, 30);
    const after = image(30, 30);
    after.data[(29 * 30 + 29) * 4 + 3] = 0;
    expect(changedRegions(before, after)).toEqual([{ x: 24 / 30, y: 24 / 30, w: 6 / 30, h: 6 / 30 }]);
  });

  it("refuses images of two sizes", () => {
    expect(() => changedRegions(image(10, 10), image(10, 11))).toThrow(/one size/);
  });
});

describe("compareSize", () => {
  it("keeps the first image's shape, its longer side at most the limit", () => {
    expect(compareSize({ width: 4000, height: 3000 })).toEqual({ width: 1600, height: 1200 });
    expect(compareSize({ width: 300, height: 900 })).toEqual({ width: 300, height: 900 });
    expect(compareSize({ width: 1000, height: 3001 }, 1000)).toEqual({ width: 333, height: 1000 });
  });
});
