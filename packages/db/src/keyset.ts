// Keyset paging: a page ends with a cursor naming the last row's sort key and id; the next page starts after it.
// The cursor is opaque to callers (base64url JSON) and checked on the way back in: a forged one is refused as
// bad input, and one that parses only moves where a page starts, never which rows a caller may see.
import { DomainError, idInput } from "@atelier/domain";
import { sql } from "kysely";
import { z } from "zod";

export interface Page<T> {
  items: T[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

const key = z.union([z.string().max(1000), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]);
const payload = z.object({ s: z.string().max(40), k: key, i: idInput }).strict();
export type CursorKey = z.infer<typeof key>;

export function encodeCursor(sort: string, sortKey: CursorKey, id: string): string {
  return Buffer.from(JSON.stringify({ s: sort, k: sortKey, i: id })).toString("base64url");
}

const refused = () => new DomainError("BAD_INPUT", "That page of the list cannot be found; start again from the top.");

/** A timestamp as a cursor keeps it: exact epoch microseconds (a JS Date would lose them, and ties with them). */
export const epochMicros = (column: string) => sql<number>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint`;

/** The timestamp a cursor's key names; BAD_INPUT unless the key is one. */
export function fromEpochMicros(key: CursorKey) {
  if (typeof key !== "number") throw refused();
  return sql<Date>`(timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond')`;
}

/** The calendar day a cursor's key names (YYYY-MM-DD, or 'infinity' for the undated); BAD_INPUT unless the key is one. */
export function dayFromCursor(key: CursorKey) {
  if (typeof key !== "string" || !/^(\d{4}-\d{2}-\d{2}|infinity)$/.test(key)) throw refused();
  return sql<string>`${key}::date`;
}

/** Words for `like`: its wildcards and escape character stand for themselves. */
export const likeEscaped = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The position a cursor names, for the order it was made in; BAD_INPUT if it is not one of ours or of another order. */
export function decodeCursor(cursor: string, sort: string): { sortKey: CursorKey; id: string } {
  let parsed: z.infer<typeof payload> | undefined;
  try {
    parsed = payload.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.s !== sort) throw refused();
  return { sortKey: parsed.k, id: parsed.i };
}

/** One page from `limit + 1` rows read: the extra row only tells that there is a next page. */
export function pageOf<T extends { id: string }>(rows: T[], limit: number, cursorOf: (row: T) => string): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
