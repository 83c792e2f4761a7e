// Part plans at the edges: 0 bytes, 10485760, 10485761 and the 5 GiB limit.
import { describe, expect, it } from "vitest";
import { CHUNK_SIZE, SINGLE_UPLOAD_MAX } from "./constants";
import { isSingleUpload, planParts } from "./plan-parts";

describe("planParts", () => {
  it.each([0, 1, 1000, SINGLE_UPLOAD_MAX])("plans %i bytes as one whole-file upload", (size) => {
    expect(planParts(size)).toEqual([{ part: 1, parts: 1, start: 0, end: size }]);
    expect(isSingleUpload(size)).toBe(true);
  });

  it("splits 10485761 bytes into a full part and a 1-byte last part", () => {
    expect(planParts(10485761)).toEqual([
      { part: 1, parts: 2, start: 0, end: CHUNK_SIZE },
      { part: 2, parts: 2, start: CHUNK_SIZE, end: CHUNK_SIZE + 1 },
    ]);
    expect(isSingleUpload(10485761)).toBe(false);
  });

  it("plans the 5 GiB asset limit as exactly 512 full parts", () => {
    const plan = planParts(5368709120);
    expect(plan).toHaveLength(512);
    expect(plan.every((part) => part.end - part.start === CHUNK_SIZE && part.parts === 512)).toBe(true);
    expect(plan.at(-1)).toEqual({ part: 512, parts: 512, start: 511 * CHUNK_SIZE, end: 5368709120 });
  });

  it.each([2 * CHUNK_SIZE, 2 * CHUNK_SIZE + 7, 25 * 1024 * 1024 + 1, 137 * CHUNK_SIZE - 1])(
    "covers %i bytes contiguously with 1-based parts",
    (size) => {
      const plan = planParts(size);
      expect(plan[0]!.start).toBe(0);
      expect(plan.at(-1)!.end).toBe(size);
      plan.forEach((part, index) => {
        expect(part.part).toBe(index + 1);
        expect(part.parts).toBe(plan.length);
        expect(part.end - part.start).toBeGreaterThan(0);
        expect(part.end - part.start).toBeLessThanOrEqual(CHUNK_SIZE);
        if (index > 0) expect(part.start).toBe(plan[index - 1]!.end);
      });
    },
  );

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses a size of %s", (size) => {
    expect(() => planParts(size)).toThrow(RangeError);
  });
});
