// Readiness against a PostgreSQL server of its own (README, "Monitoring"): every check passes on a migrated database
// with the mail worker running; a stopped worker fails its check alone; with the server stopped the database and
// migration checks fail (within their time bound), and pass again once it is back, on the same pool.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type Db, migrateToLatest, sql } from "@atelier/db";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresServer, startPostgres } from "../../../tooling/scripts/postgres";
import { readiness } from "./health";

describe("readiness", () => {
  let pg: PostgresServer;
  let db: Db;
  const store = createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-ready-")) });
  const logged: string[] = [];
  const log = (message: string) => logged.push(message);
  const running = { running: () => true };

  beforeAll(async () => {
    pg = await startPostgres();
    db = await createDb({ databaseUrl: pg.url, dataDir: "" });
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    pg?.stop();
  });

  it("fails the migrations check until the schema is this release's", async () => {
    const before = await readiness({ db, outbox: running, store, log });
    expect(before).toEqual({ ready: false, checks: { database: "ok", migrations: "failing", mail: "ok", storage: "ok" } });
    await migrateToLatest(db);
    expect(await readiness({ db, outbox: running, store, log })).toEqual({
      ready: true,
      checks: { database: "ok", migrations: "ok", mail: "ok", storage: "ok" },
    });
  });

  it("fails the mail check when this instance's worker is stopped", async () => {
    const { ready, checks } = await readiness({ db, outbox: { running: () => false }, store, log });
    expect(ready).toBe(false);
    expect(checks).toEqual({ database: "ok", migrations: "ok", mail: "failing", storage: "ok" });
  });

  it("fails while PostgreSQL is stopped and recovers when it returns", async () => {
    // A query in flight when the server stops fails on its own; it must not take the process down with it
    // (an 'error' event from the lost connection with nobody listening would).
    const inFlight = sql`select pg_sleep(30)`.execute(db).then(
      () => "answered",
      () => "failed",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    pg.pause();
    try {
      expect(await inFlight).toBe("failed");
      const down = await readiness({ db, outbox: running, store, log });
      expect(down).toEqual({ ready: false, checks: { database: "failing", migrations: "failing", mail: "ok", storage: "ok" } });
      expect(logged.some((m) => m.startsWith("readiness: database failing"))).toBe(true);
    } finally {
      pg.resume();
    }
    // Connections the pool held when the server went away are dropped as they are found; within a few checks
    // (at most one per connection it held) readiness is back.
    let ready = false;
    for (let attempt = 0; attempt < 20 && !ready; attempt++) {
      ready = (await readiness({ db, outbox: running, store, log })).ready;
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready).toBe(true);
  }, 60_000);
});
