// Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite (on disk or in memory).
import { CamelCasePlugin, Kysely, Migrator } from "kysely";
import parseTimestamp from "postgres-date";
import { migrations } from "./migrations";
import { PGliteDialect } from "./pglite-dialect";
import { InlineLimitsDialect, preparingPool } from "./prepared-statements";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export interface DbConfig {
  /** postgres://… — when absent, the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; absent means in memory. Ignored with databaseUrl. */
  dataDir?: string | undefined;
  /** A dump (`dumpEmbeddedDatabase`) to start an empty PGlite data directory from: a restore. */
  loadDataDir?: Blob | undefined;
}

/** The PostgreSQL pool behind each database made here (none for PGlite), for its figures. */
const pools = new WeakMap<Db, { totalCount: number; idleCount: number; waitingCount: number }>();

/** Connections the pool has open, how many of them are busy, and calls waiting for one; null for PGlite. */
export function poolStats(db: Db): { open: number; inUse: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { open: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount } : null;
}

/** The PGlite instance behind each embedded database made here. */
const embedded = new WeakMap<Db, { dumpDataDir(compression?: "gzip" | "none" | "auto"): Promise<Blob> }>();

/**
 * The embedded database's whole data directory as a gzipped tarball (PGlite's dump, taken between queries, so
 * consistent), which `createDb`'s `loadDataDir` brings back; null for PostgreSQL, whose backups are pg_dump's.
 */
export async function dumpEmbeddedDatabase(db: Db): Promise<Blob | null> {
  const pglite = embedded.get(db);
  return pglite ? pglite.dumpDataDir("gzip") : null;
}

export async function createDb(config: DbConfig = {}): Promise<Db> {
  const plugins = [new CamelCasePlugin()];
  if (config.databaseUrl) {
    const { default: pg } = await import("pg");
    // int8 (bigint, count(*)) as a JS number: our counts and epoch seconds stay far below 2^53.
    pg.types.setTypeParser(20, (value: string) => Number(value));
    // A date column is a calendar day, not an instant: keep it as the text YYYY-MM-DD.
    pg.types.setTypeParser(1082, (value: string) => value);
    // timestamp and timestamptz by postgres-date 2, which reads the text by character codes: the same Dates as the
    // regular expressions of the 1.x that pg ships with, for a third of the time. Those took three quarters of the
    // rows' parsing on a page of the bell (30 rows: 36 us of 48 in a CPU profile).
    pg.types.setTypeParser(1114, parseTimestamp);
    pg.types.setTypeParser(1184, parseTimestamp);
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) must not take the process down;
    // the pool replaces it on the next query.
    pool.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "57P01") console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new InlineLimitsDialect({ pool: preparingPool(pool) }), plugins });
    pools.set(db, pool);
    return db;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  // int8 as a JS number, as on PostgreSQL above.
  const options = {
    parsers: { 20: (value: string) => Number(value), 1082: (value: string) => value },
    ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
  };
  const pglite = config.dataDir ? new PGlite(config.dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  embedded.set(db, pglite);
  return db;
}

// biome-ignore lint/suspicious/noExplicitAny: any schema may be migrated
export function createMigrator(db: Kysely<any>, options: { disableTransactions?: boolean } = {}): Migrator {
  // Migrations run in the order of their names; one that lands later under an earlier name (two branches of work on
  // one day) still runs on a database that has run the ones after it: a database of an earlier release upgrades
  // (packages/api/src/upgrade.integration.test.ts).
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true, ...options });
}

/**
 * Whether a migration runs in a transaction of its own (the rule), or statement by statement: one that fills a large
 * table in batches says `export const transaction = false`, and is written to run again after a failure part way.
 */
function inTransaction(name: string): boolean {
  return (migrations[name] as { transaction?: boolean } | undefined)?.transaction !== false;
}

/** The migrations this release has that the database has not run yet (none: the schema is current). */
// biome-ignore lint/suspicious/noExplicitAny: any schema may be read
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = await createMigrator(db).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Runs the next migration the database has not run, in a transaction of its own (or none, for one that says so), and
 * answers its name; undefined when none is left. Throws with the failing migration's name.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema may be migrated
export async function migrateNext(db: Kysely<any>): Promise<string | undefined> {
  // Should another instance run this one first, the next runs in the mode read here: one written to run outside a
  // transaction is correct inside one too (it holds its locks longer), the other way round only loses atomicity.
  const [next] = await pendingMigrations(db);
  if (!next) return undefined;
  const { error, results = [] } = await createMigrator(db, { disableTransactions: !inTransaction(next) }).migrateUp();
  const failed = results.find((r) => r.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${cause}`.replace("  ", " "));
  }
  return results[0]?.migrationName;
}

/**
 * Brings the schema to the newest migration, one at a time (migrateNext): the locks one takes are let go when it
 * commits, not held until every later one has run (kysely's migrateToLatest runs them all in one transaction). A
 * failure keeps the ones before it. Instances starting together take turns under the migrator's lock.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema may be migrated
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const ran: string[] = [];
  for (let name = await migrateNext(db); name !== undefined; name = await migrateNext(db)) ran.push(name);
  return ran;
}
