// A GIN index built with fastupdate = off takes each row's entries as the row is written, so a search finds a comment
// the moment it is posted (migrations 2026-11-25-0500 and 2026-11-27-1200); for a bulk load that costs about a
// millisecond a row. While a seed writes, the indexes gather entries in their pending list instead and merge them in
// one pass at the end, and they end as they were: the project list's seed of 20,000 projects and 100,000 comments
// took 108 s row by row and 23 s so (project-list.integration.test.ts, on the test server of tooling/scripts).
import { sql } from "kysely";
import type { Db } from "./create-db";

export interface GinGathering {
  /** Merges what the indexes gathered and sets them back to taking each row at once. */
  merge(): Promise<void>;
}

export async function gatherGinEntries(db: Db): Promise<GinGathering> {
  const { rows } = await sql<{ name: string }>`
    select i.indexrelid::regclass::text as name
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
    where am.amname = 'gin' and 'fastupdate=off' = any(c.reloptions)
    order by 1`.execute(db);
  // The names come from the catalog, quoted by regclass where they need it.
  for (const { name } of rows) await sql`alter index ${sql.raw(name)} set (fastupdate = on)`.execute(db);
  return {
    async merge() {
      for (const { name } of rows) {
        await sql`select gin_clean_pending_list(${name}::regclass)`.execute(db);
        await sql`alter index ${sql.raw(name)} set (fastupdate = off)`.execute(db);
      }
    },
  };
}
