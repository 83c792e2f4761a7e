import { describe, expect, it } from "vitest";
import {
  QUERY_GC_TIME_MS,
  QUERY_RETRIES,
  queryRetryDelay,
  REALTIME_RECONNECT_DELAYS_MS,
  realtimeReconnectDelay,
  WALLPAPER_COUNT,
  wallpaperIndex,
} from "./settings";

describe("queryRetryDelay", () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 16_000],
    [5, 30_000],
    [10, 30_000],
    [-1, 1000],
  ])("attempt %i waits %i ms", (attempt, delay) => {
    expect(queryRetryDelay(attempt)).toBe(delay);
  });

  it("retries queries three times and drops unused data after five minutes", () => {
    expect(QUERY_RETRIES).toBe(3);
    expect(QUERY_GC_TIME_MS).toBe(300_000);
  });
});

describe("realtimeReconnectDelay", () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 5000],
    [4, 10_000],
    [5, 10_000],
    [50, 10_000],
    [0, 1000],
  ])("try %i waits %i ms", (tries, delay) => {
    expect(realtimeReconnectDelay(tries)).toBe(delay);
  });

  it("waits 1, 2, 5, then 10 seconds (docs/product.md, the client's settings)", () => {
    expect(REALTIME_RECONNECT_DELAYS_MS).toEqual([1000, 2000, 5000, 10_000]);
  });
});

describe("wallpaperIndex", () => {
  it.each([
    [0, 0],
    [0.0833, 0],
    [1 / 12, 1],
    [0.5, 6],
    [0.9999, 11],
    [1, 11],
    [-0.2, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])("random %d -> wallpaper %i", (random, index) => {
    expect(wallpaperIndex(random)).toBe(index);
  });

  it("reaches every one of the 12 wallpapers", () => {
    const seen = new Set(Array.from({ length: 1200 }, (_, i) => wallpaperIndex(i / 1200)));
    expect(WALLPAPER_COUNT).toBe(12);
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
