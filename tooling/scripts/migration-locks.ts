// How long each migration after the first release blocks the app on a studio's-size database (README, "Upgrades"):
// the first release's schema filled with its demo rows (packages/db/src/fixtures/first-release-demo.sql) multiplied
// to the scale seed's sizes, then each later migration run on its own, as `migrateToLatest` runs them (migrateNext:
// a transaction each, or none for one written to fill in batches), while a second connection reads and writes the big tables every 20 ms and times how long each
// of its statements waited. Prints one line per migration; nothing is asserted (figures, not a test).
//   npm run migration-locks [-- --comments 1000000]
// Uses DATABASE_URL's server when set, else a throwaway PostgreSQL server of its own.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createDb, migrateNext, sql } from "@atelier/db";
import { createTestDatabase, migrateOnly } from "@atelier/db/testing";
import { type PostgresServer, startPostgres } from "./postgres";
import { ROOT } from "./run";

const FIXTURE = readFileSync(join(ROOT, "packages/db/src/fixtures/first-release-demo.sql"), "utf8");
const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
/** Rows per table, as seed-scale.ts sizes a studio at scale 1. */
const SIZES: Record<string, number> = {
  projects: argument("projects", 20_000),
  comments: argument("comments", 1_000_000),
  project_files: argument("files", 100_000),
  outbox: argument("mails", 200_000),
  posts: 1_000,
};
const PROBE_EVERY_MS = 20;

let server: PostgresServer | undefined;
if (!process.env.DATABASE_URL) {
  server = await startPostgres();
  process.env.DATABASE_URL = server.url;
}
const t = await createTestDatabase();
// A connection of its own, as one of the app's instances has.
const probe = await createDb({ databaseUrl: t.url });
try {
  const firstRelease = (FIXTURE.split("\n")[1] ?? "").replace(/^-- /, "").split(" ");
  await migrateOnly(t.db, firstRelease);
  await sql.raw(FIXTURE).execute(t.db);
  for (const [table, rows] of Object.entries(SIZES)) await multiply(table, rows);
  await sql`vacuum analyze`.execute(t.db);
  const counts = await Promise.all(
    Object.keys(SIZES).map(
      async (table) => `${table} ${(await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n}`,
    ),
  );
  console.log(`first release's schema, rows: ${counts.join(", ")}`);

  console.log("migration | took (s) | longest wait of a read of comments / projects, a write of comments (ms)");
  for (;;) {
    const waits = { comments: 0, projects: 0, write: 0 };
    let running = true;
    const probing = (async () => {
      while (running) {
        waits.comments = Math.max(waits.comments, await timed("select id from comments order by id desc limit 1"));
        waits.projects = Math.max(waits.projects, await timed("select id from projects order by id limit 1"));
        // A write that takes the row lock a comment edit takes, and leaves the row as it was.
        waits.write = Math.max(waits.write, await timed("update comments set body = body where id = (select min(id) from comments)"));
        await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
      }
    })();
    const started = performance.now();
    const ran = await migrateNext(t.db).finally(() => {
      running = false;
    });
    const took = (performance.now() - started) / 1000;
    await probing;
    if (!ran) break;
    console.log(`${ran} | ${took.toFixed(2)} | ${waits.comments} / ${waits.projects}, ${waits.write}`);
  }
} finally {
  await probe.destroy().catch(() => undefined);
  await t.destroy();
  server?.stop();
}

/** Milliseconds one statement of the probe took, waiting for locks included. */
async function timed(text: string): Promise<number> {
  const started = performance.now();
  await sql.raw(text).execute(probe);
  return Math.round(performance.now() - started);
}

/** Copies the table's rows, with new ids, until it holds `rows` (or as near as whole copies come). */
async function multiply(table: string, rows: number): Promise<void> {
  const columns = (
    await sql<{ name: string; generated: string; identity: string }>`
      select column_name as name, is_generated as generated, is_identity as identity from information_schema.columns
      where table_schema = 'public' and table_name = ${table} order by ordinal_position`.execute(t.db)
  ).rows.filter((c) => c.generated === "NEVER" && c.identity === "NO");
  const have = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n);
  if (have === 0 || have >= rows) return;
  const copies = Math.ceil(rows / have) - 1;
  const names = columns.map((c) => sql.ref(c.name));
  // Each copy gets an id of its own; the rest of the row (its project, its business) is the original's.
  const values = columns.map((c) => (c.name === "id" ? sql`${sql.ref("t.id")} || '-' || g` : sql.ref(`t.${c.name}`)));
  await sql`insert into ${sql.table(table)} (${sql.join(names)})
    select ${sql.join(values)} from ${sql.table(table)} as t, generate_series(1, ${copies}) as g`.execute(t.db);
}
