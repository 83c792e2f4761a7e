import { describe, expect, it } from "vitest";
import { ReadBufferPool } from "./group-hasher";

describe("ReadBufferPool", () => {
  it("lends at most its pairs at once, makes each once, and hands a returned pair to the next in line", async () => {
    const pool = new ReadBufferPool(2, 16);
    const first = await pool.borrow();
    const second = await pool.borrow();
    expect(first[0].length).toBe(16);
    expect(first[0]).not.toBe(second[0]);
    let third: unknown;
    const waiting = pool.borrow().then((pair) => (third = pair));
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBeUndefined();
    pool.giveBack(first);
    await waiting;
    expect(third).toBe(first);
    pool.giveBack(second);
    expect(await pool.borrow()).toBe(second);
  });
});
