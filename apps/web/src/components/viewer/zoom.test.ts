import { describe, expect, it } from "vitest";
import { clampZoom, scrollToAnchor, stepZoom, zoomAnchor } from "./zoom";

const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height }) as DOMRect;

describe("stepZoom", () => {
  it.each([
    [1, 1, 1.5],
    [1, -1, 0.75],
    [1.2, 1, 1.5],
    [1.2, -1, 1],
    [8, 1, 8],
    [0.25, -1, 0.25],
  ] as const)("%s by %s -> %s", (zoom, direction, next) => expect(stepZoom(zoom, direction)).toBe(next));
});

describe("clampZoom", () => {
  it("keeps a pinch within the steps' range", () => {
    expect(clampZoom(0.1)).toBe(0.25);
    expect(clampZoom(20)).toBe(8);
    expect(clampZoom(2.5)).toBe(2.5);
  });
});

describe("zoomAnchor", () => {
  const frame = rect(100, 50, 400, 300);
  const surface = rect(200, 150, 200, 100);

  it("takes the pointer's point on the surface and in the frame", () => {
    expect(zoomAnchor(frame, surface, { clientX: 250, clientY: 175 })).toEqual({ fx: 0.25, fy: 0.25, cx: 150, cy: 125 });
  });

  it("takes the frame's centre when there is no pointer (buttons, keys)", () => {
    expect(zoomAnchor(frame, surface)).toEqual({ fx: 0.5, fy: 0.5, cx: 200, cy: 150 });
  });

  it("keeps a point off the surface on its edge", () => {
    expect(zoomAnchor(frame, surface, { clientX: 120, clientY: 60 })).toMatchObject({ fx: 0, fy: 0 });
  });

  it("has none while the surface has no size", () => {
    expect(zoomAnchor(frame, rect(200, 150, 0, 0))).toBeNull();
  });
});

describe("scrollToAnchor", () => {
  it("scrolls the anchored point of the resized surface back under the same place in the frame", () => {
    const anchor = { fx: 0.25, fy: 0.5, cx: 100, cy: 75 };
    expect(scrollToAnchor(anchor, { offsetLeft: 20, offsetTop: 10, offsetWidth: 800, offsetHeight: 400 })).toEqual({ left: 120, top: 135 });
  });
});
