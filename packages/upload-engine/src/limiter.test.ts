// The concurrency limiter: cap, order and slot release.
import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("createLimiter", () => {
  it("never runs more than the limit and starts tasks in order", async () => {
    const limit = createLimiter(3);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        limit(async () => {
          started.push(index);
          active++;
          peak = Math.max(peak, active);
          await tick();
          active--;
          return index * 2;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });

  it("frees the slot of a task that throws, even synchronously", async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error("async")))).rejects.toThrow("async");
    await expect(
      limit(() => {
        throw new Error("sync");
      }),
    ).rejects.toThrow("sync");
    await expect(limit(async () => "next")).resolves.toBe("next");
    expect(limit.activeCount).toBe(0);
    expect(limit.pendingCount).toBe(0);
  });

  it.each([0, -1, 1.5])("refuses a concurrency of %s", (concurrency) => {
    expect(() => createLimiter(concurrency)).toThrow(RangeError);
  });
});
