// Fresh, migrated databases for integration tests on the PostgreSQL server named by DATABASE_URL.
import { randomBytes } from "node:crypto";
import { projectName } from "@atelier/domain";
import { Migrator, NO_MIGRATIONS, sql } from "kysely";
import { createDb, createMigrator, type Db, migrateToLatest } from "./create-db";
import { migrations } from "./migrations";
import type { NewUser, User } from "./schema";

export interface TestDatabase {
  db: Db;
  url: string;
  destroy(): Promise<void>;
}

export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Run the tests with `npm test` at the repository root, which starts a throwaway PostgreSQL server.",
    );
  }
  return url;
}

/** Creates a new database on the server so test files never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = requireDatabaseUrl();
  const name = `atelier_test_${randomBytes(6).toString("hex")}`;
  const admin = await createDb({ databaseUrl: serverUrl });
  await sql.raw(`create database ${name}`).execute(admin);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString() });
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    async destroy() {
      await db.destroy();
      // A pool ends its connections without waiting for them to close: give those of this database (its own and any
      // a test opened) a few seconds to go, so that the drop below does not end one mid-way with an error that
      // nobody listens for any more.
      for (let waited = 0; waited < 5_000; waited += 50) {
        const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin);
        if (!open.rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin);
      await admin.destroy();
    },
  };
}

// Small factories: each test makes the rows it needs, with fresh ids, so tests run in any order.
const fresh = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}`;

export async function makeUser(db: Db, values: Partial<NewUser> = {}): Promise<User> {
  const id = values.id ?? fresh("user");
  return db
    .insertInto("users")
    .values({ id, email: `${id}@example.test`, name: `User ${id}`, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeProject(
  db: Db,
  values: { businessId: string; title?: string; event?: string; createdBy?: string | null; assigneeId?: string | null; createdAt?: Date },
): Promise<{ id: string; name: string }> {
  const id = fresh("project");
  const title = values.title ?? "Test project";
  const createdAt = values.createdAt ?? new Date();
  const name = projectName(createdAt, title);
  await db
    .insertInto("projects")
    .values({
      id,
      businessId: values.businessId,
      name,
      title,
      event: values.event ?? "flyer",
      createdBy: values.createdBy ?? null,
      assigneeId: values.assigneeId ?? null,
      createdAt,
    })
    .execute();
  return { id, name };
}

export interface PlanReader {
  /**
   * PostgreSQL's plans for a compiled statement: `generic`, planned without the parameters' values (read from a
   * prepared statement: the plan a named statement keeps once PostgreSQL finds it no dearer than planning each call),
   * and `custom`, planned for these values.
   */
  plans(query: { sql: string; parameters: readonly unknown[] }): Promise<{ generic: string; custom: string }>;
  close(): Promise<void>;
}

/** A connection of its own that explains statements both ways (see PlanReader). */
export async function createPlanReader(url: string): Promise<PlanReader> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const text = (rows: { "QUERY PLAN": string }[]) => rows.map((r) => r["QUERY PLAN"]).join("\n");
  return {
    async plans(query) {
      const values = [...query.parameters];
      const custom = text((await client.query(`explain ${query.sql}`, values)).rows);
      await client.query(`prepare plan_reader_probe as ${query.sql}`);
      try {
        await client.query("set plan_cache_mode = force_generic_plan");
        // EXECUTE takes its arguments as SQL, not bound: each value is written as a literal of the parameter's type.
        const literal = (v: unknown): string => {
          if (v === null || v === undefined) return "null";
          if (typeof v === "number" || typeof v === "boolean") return String(v);
          if (v instanceof Date) return client.escapeLiteral(v.toISOString());
          if (typeof v === "string") return client.escapeLiteral(v);
          throw new Error(`no literal for ${typeof v} parameter`);
        };
        const args = values.length === 0 ? "" : `(${values.map(literal).join(", ")})`;
        const generic = text((await client.query(`explain execute plan_reader_probe${args}`)).rows);
        return { generic, custom };
      } finally {
        await client.query("deallocate plan_reader_probe");
        await client.query("reset plan_cache_mode");
      }
    },
    close: () => client.end(),
  };
}

/** Takes the database down to empty, then runs exactly the named migrations, as an earlier release (which had only those) did. */
export async function migrateOnly(db: Db, names: readonly string[]): Promise<void> {
  const down = await createMigrator(db).migrateTo(NO_MIGRATIONS);
  if (down.error) throw down.error;
  const chosen = Object.fromEntries(
    names.map((name) => {
      const migration = migrations[name];
      if (!migration) throw new Error(`no migration named ${name}`);
      return [name, migration];
    }),
  );
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => chosen } }).migrateToLatest();
  if (error) throw error;
}
