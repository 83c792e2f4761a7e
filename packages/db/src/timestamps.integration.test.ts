// Timestamps read from PostgreSQL are the instants the server holds, to the millisecond, whatever their form.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "./index";
import { createTestDatabase, type TestDatabase } from "./testing";

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = await createDb({ databaseUrl: t.url });
});
afterAll(async () => {
  await db?.destroy();
  await t?.destroy();
});

describe("timestamps from PostgreSQL", () => {
  it("reads every timestamptz as the instant PostgreSQL counts, to the millisecond", async () => {
    const literals = [
      "2026-11-13 17:51:50.810123+00",
      "2026-11-13 17:51:50+00",
      "2026-11-13 23:59:59.9999+05:30",
      "2026-03-29 01:30:00.5-08",
      "1999-12-31 23:59:59.001+00",
      "0042-06-01 12:00:00+00",
      "0001-01-01 00:00:00+00 BC",
      "12345-01-01 00:00:00+00",
    ];
    const rows = await sql<{ at: Date; ms: number }>`
      select v as at, floor(extract(epoch from v) * 1000)::int8 as ms
      from unnest(${literals}::timestamptz[]) as v`.execute(db);
    expect(rows.rows).toHaveLength(literals.length);
    for (const row of rows.rows) {
      expect(row.at).toBeInstanceOf(Date);
      expect(row.at.getTime()).toBe(row.ms);
    }
  });

  it("reads infinity as the infinite numbers, and a timestamp without zone as local time", async () => {
    const row = (
      await sql<{ future: unknown; past: unknown; local: Date }>`
        select 'infinity'::timestamptz as future, '-infinity'::timestamptz as past,
               '2026-11-13 17:51:50.25'::timestamp as local`.execute(db)
    ).rows[0]!;
    expect(row.future).toBe(Number.POSITIVE_INFINITY);
    expect(row.past).toBe(Number.NEGATIVE_INFINITY);
    expect(row.local.getTime()).toBe(new Date(2026, 10, 13, 17, 51, 50, 250).getTime());
  });
});
