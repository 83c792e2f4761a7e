import superjson from "superjson";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serialize } from "./wire-format";

/** A small deterministic generator, so a failure can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const KEYS = ["id", "name", "createdAt", "a.b", "back\\slash", "x\\.y", "", "0", "reads", "émoji🙂"];

/** A random answer made of what the fast path writes itself: plain objects, arrays, primitives, Dates, undefined. */
function plainTree(rng: ReturnType<typeof random>, depth: number): unknown {
  const roll = rng.next();
  if (depth <= 0 || roll < 0.35) {
    return rng.pick<() => unknown>([
      () => null,
      () => undefined,
      () => rng.int(1000) - 500,
      () => rng.next() * 1e6,
      () => rng.next() < 0.5,
      () => `text ${rng.int(99)} "quoted" \u2028`,
      () => new Date(Date.UTC(2026, rng.int(12), 1 + rng.int(28), rng.int(24))),
    ])();
  }
  if (roll < 0.6) return Array.from({ length: rng.int(5) }, () => plainTree(rng, depth - 1));
  const out: Record<string, unknown> = {};
  for (let i = rng.int(5); i > 0; i--) out[rng.pick(KEYS)] = plainTree(rng, depth - 1);
  return out;
}

describe("the server's wire format", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes what superjson writes, for 2,000 random plain answers, and the client reads them back alike", () => {
    const rng = random(20261125);
    for (let i = 0; i < 2000; i++) {
      const value = plainTree(rng, 5);
      const written = serialize(value);
      // The same JSON and the same annotations (superjson lists array indexes first: key order is not compared).
      expect(written, `case ${i}`).toEqual(superjson.serialize(value));
      expect(JSON.stringify(written.json), `case ${i}`).toBe(JSON.stringify(superjson.serialize(value).json));
      expect(superjson.deserialize(JSON.parse(JSON.stringify(written))), `case ${i}`).toEqual(value);
    }
  });

  it("writes a page of comments itself, without calling superjson", () => {
    const page = Array.from({ length: 100 }, (_, i) => ({
      id: `c${i}`,
      event: i % 3 ? null : "modification",
      createdAt: new Date(Date.UTC(2026, 10, 25, 9, i)),
      user: { id: `u${i}`, name: i % 7 ? `Name ${i}` : null, image: null },
      project: { id: `p${i}`, name: `2026-11-25-poster-${i}` },
      reads: i % 2 ? [{ userId: "me" }] : [],
    }));
    const spy = vi.spyOn(superjson, "serialize");
    const written = serialize(page);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(written).toEqual(superjson.serialize(page));
    // And the client reads it back as it was.
    expect(superjson.deserialize(written)).toEqual(page);
  });

  it.each([
    ["a Map", { m: new Map([["a", 1]]) }],
    ["a Set", [new Set([1, 2])]],
    ["a bigint", { n: 10n }],
    ["NaN", { n: Number.NaN }],
    ["Infinity", [Number.POSITIVE_INFINITY]],
    ["minus zero", { n: -0 }],
    ["an invalid date", { d: new Date(Number.NaN) }],
    ["a regular expression", { r: /x/g }],
    ["an error", { e: new Error("boom") }],
    [
      "a class instance",
      {
        c: new (class Point {
          x = 1;
        })(),
      },
    ],
    ["a top-level date", new Date(0)],
    ["a top-level undefined", undefined],
    ["an object without prototype", { o: Object.assign(Object.create(null), { a: new Date(0) }) }],
  ])("leaves %s to superjson, with the same result", (_name, value) => {
    expect(serialize(value)).toEqual(superjson.serialize(value));
  });

  it("refuses a __proto__ key as superjson does", () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}');
    expect(() => superjson.serialize(value)).toThrow(/__proto__/);
    expect(() => serialize(value)).toThrow(/__proto__/);
  });

  it("leaves an object met twice to superjson, which records the shared reference", () => {
    const shared = { id: "p1" };
    const value = [{ project: shared }, { project: shared }];
    const written = serialize(value);
    expect(written).toEqual(superjson.serialize(value));
    expect(written.meta?.referentialEqualities).toBeDefined();
  });
});
