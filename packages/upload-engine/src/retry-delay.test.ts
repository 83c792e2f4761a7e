// The retry backoff table.
import { describe, expect, it } from "vitest";
import { FIRST_RETRY_DELAY_MS, MAX_RETRIES, RETRY_FACTOR } from "./constants";
import { RETRY_DELAYS, retryDelay } from "./retry-delay";

describe("retryDelay", () => {
  it("retries 10 times, from 2 ms growing 1.2 times per retry", () => {
    expect([FIRST_RETRY_DELAY_MS, RETRY_FACTOR, MAX_RETRIES]).toEqual([2, 1.2, 10]);
  });

  it.each([
    [1, 2],
    [2, 2.4],
    [3, 2.88],
    [10, 2 * 1.2 ** 9],
  ])("retry %i waits %f ms", (retry, ms) => {
    expect(retryDelay(retry)).toBeCloseTo(ms, 10);
  });

  it("has one delay per retry, about 52 ms in all", () => {
    expect(RETRY_DELAYS).toHaveLength(MAX_RETRIES);
    expect(RETRY_DELAYS.reduce((sum, ms) => sum + ms, 0)).toBeCloseTo(51.917, 2);
  });

  it.each([0, -1, 1.5])("refuses retry number %s", (retry) => {
    expect(() => retryDelay(retry)).toThrow(RangeError);
  });
});
