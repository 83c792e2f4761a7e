// A running embedded instance's backup (README, "Backups"): the route handlers' server offers it once its database is
// open; the HTTP server in front (serve.ts), bundled apart, answers GET /ops/backup with it. Kept on globalThis, with
// nothing imported, so serve.ts does not bundle the database.
import type { Writable } from "node:stream";

const KEY = Symbol.for("atelier.web.backup");
type Holder = { [KEY]?: (out: Writable) => Promise<unknown> };

/** Offers this instance's backup: `write` streams the whole archive to `out`. */
export function offerBackup(write: (out: Writable) => Promise<unknown>): void {
  (globalThis as Holder)[KEY] = write;
}

/** The backup this instance offers: none with PostgreSQL (pg_dump's), or before its database is open. */
export function offeredBackup(): ((out: Writable) => Promise<unknown>) | undefined {
  return (globalThis as Holder)[KEY];
}

/** The path a backup is asked for at, from this machine only. */
export const BACKUP_PATH = "/ops/backup";
