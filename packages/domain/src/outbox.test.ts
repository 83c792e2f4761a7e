import { describe, expect, it } from "vitest";
import { MAIL_GIVE_UP_AFTER_MS, MAIL_RETRY_DELAYS_MS, nextMailAttempt } from "./outbox";

const created = new Date("2026-11-23T10:00:00Z");
const at = (ms: number) => new Date(created.getTime() + ms);

describe("nextMailAttempt", () => {
  it("waits longer after each failure, then keeps the longest wait", () => {
    const waits = [1, 2, 3, 9, 10, 50].map((n) => {
      const outcome = nextMailAttempt(n, created, created);
      return "retryAt" in outcome ? outcome.retryAt.getTime() - created.getTime() : -1;
    });
    expect(waits).toEqual([5_000, 15_000, 30_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(MAIL_RETRY_DELAYS_MS.every((d, i) => i === 0 || d > (MAIL_RETRY_DELAYS_MS[i - 1] ?? 0))).toBe(true);
  });

  it("gives up once the next try would fall more than a day after the mail was written", () => {
    expect(nextMailAttempt(9, created, at(MAIL_GIVE_UP_AFTER_MS - 3_600_000))).toEqual({ retryAt: at(MAIL_GIVE_UP_AFTER_MS) });
    expect(nextMailAttempt(9, created, at(MAIL_GIVE_UP_AFTER_MS - 3_599_999))).toEqual({ failed: true });
  });
});
