// Time left from the recent rate of bytes sent.
import { describe, expect, it } from "vitest";
import { addSample, MIN_RATE_SPAN_MS, RATE_WINDOW_MS, type SentSample, secondsLeft } from "./time-left";

function samples(...points: [number, number][]): SentSample[] {
  return points.reduce<SentSample[]>((all, [at, bytes]) => addSample(all, { at, bytes }), []);
}

describe("secondsLeft", () => {
  it("says nothing before a second of transfer, or while no bytes move", () => {
    expect(secondsLeft([], 100)).toBeUndefined();
    expect(secondsLeft(samples([0, 0], [MIN_RATE_SPAN_MS - 1, 50]), 100)).toBeUndefined();
    expect(secondsLeft(samples([0, 10], [5000, 10]), 100)).toBeUndefined();
  });

  it("divides what is left by the recent rate, rounding up", () => {
    // 1 MB/s, 30 MB total, 3 MB sent after 3 s: 27 s left.
    expect(secondsLeft(samples([0, 0], [1000, 1e6], [3000, 3e6]), 30e6)).toBe(27);
    expect(secondsLeft(samples([0, 0], [2000, 3]), 10)).toBe(5);
  });

  it("is zero once everything is sent", () => {
    expect(secondsLeft(samples([0, 100]), 100)).toBe(0);
  });

  it("follows the rate of the last window, not the average since the start", () => {
    // Fast for 10 s (10 MB/s), then slow (1 MB/s) for the last 10 s.
    const points: [number, number][] = [];
    for (let s = 0; s <= 10; s++) points.push([s * 1000, s * 10e6]);
    for (let s = 11; s <= 20; s++) points.push([s * 1000, 100e6 + (s - 10) * 1e6]);
    const recent = samples(...points);
    expect(recent[0]!.at).toBeGreaterThanOrEqual(20_000 - RATE_WINDOW_MS - 1000);
    expect(secondsLeft(recent, 210e6)).toBe(100);
  });

  it("starts over when the bytes sent fall back (a failed attempt)", () => {
    const after = samples([0, 0], [2000, 2e6], [3000, 1e6]);
    expect(after).toEqual([{ at: 3000, bytes: 1e6 }]);
    expect(secondsLeft(after, 10e6)).toBeUndefined();
  });
});
