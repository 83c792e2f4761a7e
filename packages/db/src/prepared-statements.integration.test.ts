// Statements with parameters run as named prepared statements, planned once per connection; within bounds, and never
// at the cost of an answer: a schema change under a prepared statement, a transaction, a statement without parameters.
import { randomBytes } from "node:crypto";
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InlineLimitsDialect, preparingPool } from "./prepared-statements";
import { createTestDatabase, type TestDatabase } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

// biome-ignore lint/suspicious/noExplicitAny: tables made by the test itself
type AnyDb = Kysely<any>;

/**
 * Runs `use` on a handle of its own over one connection, so what that connection prepared can be read back from it,
 * with a fresh table name; closes the handle however `use` ends.
 */
async function onOneConnection(
  use: (db: AnyDb, table: string) => Promise<void>,
  options: { max?: number; inlineLimits?: boolean } = {},
): Promise<void> {
  const pool = new pg.Pool({ connectionString: t.url, max: 1 });
  // The database is dropped (with force) at the end of the file: a connection still closing then is told so.
  pool.on("error", () => undefined);
  // As createDb makes it, unless a test leaves the limits as parameters to show what they cost.
  const Dialect = options.inlineLimits === false ? PostgresDialect : InlineLimitsDialect;
  const db: AnyDb = new Kysely({ dialect: new Dialect({ pool: preparingPool(pool, options.max) }), plugins: [new CamelCasePlugin()] });
  try {
    await use(db, `t_${randomBytes(4).toString("hex")}`);
  } finally {
    await db.destroy();
  }
}
const prepared = async (db: AnyDb) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)).rows.map(
    (r) => r.statement,
  );

describe("prepared statements", () => {
  it("a statement with parameters is prepared once on a connection and answers as before", async () => {
    await onOneConnection(async (db, table) => {
      await sql.raw(`create table ${table} (id int primary key, body text)`).execute(db);
      await db
        .insertInto(table)
        .values([
          { id: 1, body: "one" },
          { id: 2, body: "two" },
        ])
        .execute();
      const read = (id: number) => db.selectFrom(table).select("body").where("id", "=", id).executeTakeFirst();
      expect(await read(1)).toEqual({ body: "one" });
      expect(await read(2)).toEqual({ body: "two" });
      const statements = await prepared(db);
      expect(statements.filter((s) => s.includes(`from "${table}" where "id" = $1`))).toHaveLength(1);
      // The insert (parameters too) is prepared; the statements without any are not.
      expect(statements.some((s) => s.startsWith(`insert into "${table}"`))).toBe(true);
      expect(statements.some((s) => s.startsWith("create table"))).toBe(false);
    });
  });

  it("a column added under a prepared statement that selects them all: the statement answers with it", async () => {
    await onOneConnection(async (db, table) => {
      await sql.raw(`create table ${table} (id int primary key, name text)`).execute(db);
      await db.insertInto(table).values({ id: 1, name: "Ada" }).execute();
      const read = () => db.selectFrom(table).selectAll().where("id", "=", 1).executeTakeFirst();
      expect(await read()).toEqual({ id: 1, name: "Ada" });
      await sql.raw(`alter table ${table} add column city text default 'Turin'`).execute(db);
      expect(await read()).toEqual({ id: 1, name: "Ada", city: "Turin" });
      expect(await read()).toEqual({ id: 1, name: "Ada", city: "Turin" });
    });
  });

  it("statements in a transaction run unnamed", async () => {
    await onOneConnection(async (db, table) => {
      await sql.raw(`create table ${table} (id int primary key)`).execute(db);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto(table).values({ id: 7 }).execute();
        expect(await trx.selectFrom(table).select("id").where("id", "=", 7).executeTakeFirst()).toEqual({ id: 7 });
      });
      expect((await prepared(db)).filter((s) => s.includes(table))).toEqual([]);
    });
  });

  it("names at most as many texts as it is given; the rest run unnamed and answer alike", async () => {
    await onOneConnection(
      async (db) => {
        const answers: number[] = [];
        for (const n of [1, 2, 3, 4]) {
          const row = await sql<{ n: number }>`select ${n}::int + ${sql.raw(String(n))} as n`.execute(db);
          answers.push(row.rows[0]!.n);
        }
        expect(answers).toEqual([2, 4, 6, 8]);
        expect((await prepared(db)).filter((s) => s.startsWith("select $1::int"))).toHaveLength(2);
      },
      { max: 2 },
    );
  });

  // A page of a list, as the lists and the bell ask for one: a filter, an order the index gives, a limit.
  const pagePlans = async (inlineLimits: boolean) => {
    let plans = { statement: "", generic: 0, custom: 0, rows: [] as number[] };
    await onOneConnection(
      async (db, table) => {
        await sql.raw(`create table ${table} (id int primary key, owner int not null)`).execute(db);
        await sql.raw(`create index ${table}_owner on ${table} (owner, id)`).execute(db);
        await sql.raw(`insert into ${table} select n, n % 20 from generate_series(1, 20000) n`).execute(db);
        await sql.raw(`analyze ${table}`).execute(db);
        const page = (owner: number) =>
          db.selectFrom(table).select("id").where("owner", "=", owner).orderBy("id", "desc").limit(3).execute();
        for (let i = 0; i < 8; i++) plans.rows = (await page(7)).map((r) => r.id);
        const { rows } = await sql<{ statement: string; generic: number; custom: number }>`
          select statement, generic_plans::int as generic, custom_plans::int as custom
          from pg_prepared_statements where statement like ${`%from "${table}"%`}`.execute(db);
        plans = { ...plans, ...rows[0]! };
      },
      { inlineLimits },
    );
    return plans;
  };

  it("a page's limit is written into its text, so PostgreSQL keeps one plan for it instead of planning every call", async () => {
    const plans = await pagePlans(true);
    expect(plans.rows).toEqual([19987, 19967, 19947]);
    expect(plans.statement).toMatch(/ limit 3$/);
    // Five custom plans while PostgreSQL learns what the statement costs, then the generic one, kept.
    expect(plans).toMatchObject({ custom: 5, generic: 3 });
  });

  it("with the limit as a parameter, the generic plan never wins and every call is planned again", async () => {
    const plans = await pagePlans(false);
    expect(plans.rows).toEqual([19987, 19967, 19947]);
    expect(plans.statement).toMatch(/ limit \$2$/);
    expect(plans).toMatchObject({ custom: 8, generic: 0 });
  });
});
