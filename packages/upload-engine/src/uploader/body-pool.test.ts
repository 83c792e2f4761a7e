import { describe, expect, it } from "vitest";
import { createBodyPool } from "./body-pool";

describe("body pool", () => {
  it("hands a returned body out again for the same length, and a new one for another", () => {
    const pool = createBodyPool(4);
    const first = pool.take(8);
    pool.give(first);
    expect(pool.take(8)).toBe(first);
    expect(pool.take(8)).not.toBe(first);
    pool.give(first);
    expect(pool.take(12)).not.toBe(first);
    expect(pool.take(8)).toBe(first);
  });

  it("keeps at most its capacity, dropping the oldest, and never the same body twice", () => {
    const pool = createBodyPool(2);
    const [a, b, c] = [pool.take(4), pool.take(4), pool.take(4)];
    pool.give(a);
    pool.give(a);
    pool.give(b);
    pool.give(c);
    const again = [pool.take(4), pool.take(4), pool.take(4)];
    expect(again).toContain(b);
    expect(again).toContain(c);
    expect(again).not.toContain(a);
  });

  it("reuses nothing with no capacity", () => {
    const pool = createBodyPool(0);
    const body = pool.take(4);
    pool.give(body);
    expect(pool.take(4)).not.toBe(body);
  });
});
