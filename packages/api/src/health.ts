// Readiness (README, "Monitoring"): whether this web process can serve, check by check: the database answers, its
// schema is this release's, this instance's mail worker runs, the object store answers. Each check is bounded in
// time, and says only ok or failing: what failed is the operator's logs' to tell, not an anonymous caller's.
import { type Db, pendingMigrations, sql } from "@atelier/db";
import type { ObjectStore } from "@atelier/storage";

export type CheckState = "ok" | "failing";

/** How long one check may take before it counts as failing. */
const CHECK_TIMEOUT_MS = 2000;

async function bounded(check: () => Promise<boolean>, log: (message: string) => void, name: string): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const passed = await Promise.race([
      check(),
      new Promise<boolean>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    if (!passed) log(`readiness: ${name} failing`);
    return passed ? "ok" : "failing";
  } catch (error) {
    log(`readiness: ${name} failing: ${error instanceof Error ? error.message : String(error)}`);
    return "failing";
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessParts {
  db: Db;
  outbox: { running(): boolean };
  store: Pick<ObjectStore, "stat">;
  log?: (message: string) => void;
}

/** Every check, and whether all passed. */
export async function readiness(parts: ReadinessParts): Promise<{ ready: boolean; checks: Record<string, CheckState> }> {
  const log = parts.log ?? console.error;
  const [database, migrations, mail, storage] = await Promise.all([
    bounded(async () => (await sql<{ one: number }>`select 1 as one`.execute(parts.db)).rows[0]?.one === 1, log, "database"),
    bounded(async () => (await pendingMigrations(parts.db)).length === 0, log, "migrations"),
    bounded(async () => parts.outbox.running(), log, "mail"),
    // A key that never exists: a store that answers at all (none) is reachable.
    bounded(
      async () => {
        await parts.store.stat("readiness/probe");
        return true;
      },
      log,
      "storage",
    ),
  ]);
  const checks = { database, migrations, mail, storage };
  return { ready: Object.values(checks).every((c) => c === "ok"), checks };
}
