// The server's superjson, with a fast path for what its answers are made of. Written here because superjson's general
// walker (paths kept as arrays, every object tracked for identity) costs about four times this specialised one on a
// page of 100 comments, and that cost is most of a bell call's time in the web server. The output is superjson's
// own (the same JSON, the same annotations): plain objects, arrays, strings, finite numbers, booleans, null, undefined and valid Dates are
// written here, and anything else (a Map, a bigint, NaN, a class, an object met twice, ...) goes to superjson whole.
// The client keeps plain superjson and reads both alike.
import superjson from "superjson";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Met something only superjson itself writes exactly: the whole value goes to superjson instead. */
class NotPlain extends Error {}

// superjson's path segments: a backslash and a dot are escaped (its pathstringifier).
const escapeKey = (key: string) => (key.includes(".") || key.includes("\\") ? key.replace(/\\/g, "\\\\").replace(/\./g, "\\.") : key);
// Keys superjson refuses to walk on the way back: left to superjson's own handling.
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** superjson.serialize(value), faster for plain answers. */
export function serialize(value: unknown): ReturnType<typeof superjson.serialize> {
  const values: Record<string, ["Date" | "undefined"]> = {};
  let special = false;
  const seen = new Set<object>();
  // The path of the value being written, as segments: joined only for the few values superjson annotates.
  const path: string[] = [];
  const annotate = (type: "Date" | "undefined") => {
    special = true;
    values[path.join(".")] = [type];
  };
  const walk = (v: unknown): Json => {
    if (v === null || typeof v === "string" || typeof v === "boolean") return v;
    if (typeof v === "number") {
      if (!Number.isFinite(v) || Object.is(v, -0)) throw new NotPlain();
      return v;
    }
    // A top-level undefined or Date is written by superjson in another form.
    if (path.length === 0 && (v === undefined || v instanceof Date)) throw new NotPlain();
    if (v === undefined) {
      annotate("undefined");
      return null;
    }
    if (typeof v !== "object") throw new NotPlain();
    if (v instanceof Date) {
      if (Number.isNaN(v.getTime())) throw new NotPlain();
      annotate("Date");
      return v.toISOString();
    }
    // An object met twice is a referential equality superjson records.
    if (seen.has(v)) throw new NotPlain();
    seen.add(v);
    if (Array.isArray(v)) {
      const out: Json[] = new Array(v.length);
      for (let i = 0; i < v.length; i++) {
        path.push(String(i));
        out[i] = walk(v[i]);
        path.pop();
      }
      return out;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw new NotPlain();
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(v)) {
      if (UNSAFE_KEYS.has(key)) throw new NotPlain();
      path.push(escapeKey(key));
      out[key] = walk((v as Record<string, unknown>)[key]);
      path.pop();
    }
    return out;
  };
  try {
    const json = walk(value);
    return special ? { json, meta: { values, v: 1 } } : { json };
  } catch (error) {
    if (error instanceof NotPlain) return superjson.serialize(value);
    throw error;
  }
}

/** The server's data transformer: answers written by the fast path above, input read by superjson. */
export const wireTransformer = { serialize, deserialize: superjson.deserialize.bind(superjson) };
