// The web process's readiness (README, "Monitoring"): the database answers, its schema is this release's, this
// instance's mail worker runs, the object store answers. How checks are bounded and reported: domain/readiness.ts.
import { type Db, pendingMigrations, sql } from "@atelier/db";
import { type Readiness, runReadinessChecks } from "@atelier/domain";
import { type ObjectStore, storeAnswers } from "@atelier/storage";

export interface ReadinessParts {
  db: Db;
  outbox: { running(): boolean };
  store: Pick<ObjectStore, "stat">;
  log?: (message: string) => void;
}

/** Every check, and whether all passed. */
export function readiness(parts: ReadinessParts): Promise<Readiness> {
  return runReadinessChecks(
    {
      database: async () => (await sql<{ one: number }>`select 1 as one`.execute(parts.db)).rows[0]?.one === 1,
      migrations: async () => (await pendingMigrations(parts.db)).length === 0,
      mail: () => parts.outbox.running(),
      storage: () => storeAnswers(parts.store),
    },
    parts.log,
  );
}
