// Search reads through indexes on a seeded studio (seed:scale, then ANALYZE): the statements searchEverything sends for
// a client and for staff are captured as compiled and EXPLAINed for their values (they run unnamed, so planned for
// them). A frequent word is found among the newest comments, along their index; a rare one through the comments' GIN
// index; neither reads the whole table of comments.
import { searchScope } from "@atelier/domain";
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./create-db";
import type { Database } from "./schema";
import { searchEverything } from "./search";
import { seedScale } from "./seed-scale";
import { createTestDatabase, type TestDatabase } from "./testing";

// Large enough that the planner prefers an index where one fits (50,000 comments), small enough to seed in seconds.
const SCALE = 0.05;

describe("plans of search on a seeded studio", () => {
  let t: TestDatabase;
  let pool: pg.Pool;
  let db: Db;
  const captured: CompiledQuery[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedScale(t.db, { scale: SCALE });
    // One comment of the demo business holds a word no other does.
    await t.db
      .insertInto("comments")
      .values({
        id: "rare-comment",
        projectId: "scale-p0",
        userId: null,
        event: null,
        body: "The xylophone motif goes on the back",
        parentId: null,
      })
      .execute();
    await sql`analyze comments`.execute(t.db);
    pool = new pg.Pool({ connectionString: t.url, max: 2 });
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
      log: (event) => {
        if (event.level === "query") captured.push(event.query);
      },
    });
  }, 180_000);
  afterAll(async () => {
    await db?.destroy();
    await t?.destroy();
  });

  /** Runs the search, then replays what it sent in a transaction of its own: its settings set, its searches explained. */
  async function planOf(scope: ReturnType<typeof searchScope>, q: string): Promise<{ plan: string; found: number }> {
    captured.length = 0;
    const rows = await searchEverything(db, scope, q, 5);
    const client = await pool.connect();
    const plans: string[] = [];
    try {
      await client.query("begin");
      for (const statement of captured) {
        if (statement.sql.startsWith("set local")) await client.query(statement.sql);
        else if (statement.sql.includes("atelier_search_query")) {
          const explained = await client.query(`explain ${statement.sql}`, [...statement.parameters]);
          plans.push(explained.rows.map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]).join("\n"));
        }
      }
    } finally {
      await client.query("rollback");
      client.release();
    }
    if (plans.length === 0) throw new Error("no search statement was sent");
    return { plan: plans.join("\n"), found: rows.filter((r) => r.kind === "comments").length };
  }

  const viewers = {
    client: searchScope({ id: "demo-client", role: "client", businessId: "demo-business" }),
    staff: searchScope({ id: "demo-admin", role: "admin", businessId: null }),
  };

  for (const [name, scope] of Object.entries(viewers)) {
    it(`finds a rare word through the index and a frequent one without reading every comment, for a ${name}`, async () => {
      const rare = await planOf(scope, "xylophone");
      expect(rare.found).toBe(1);
      expect(rare.plan).toMatch(/Bitmap Index Scan on comments_search_terms/);
      const frequent = await planOf(scope, "headline larger");
      expect(frequent.found).toBe(5);
      expect(frequent.plan).toMatch(/Index Scan (using|on) comments_(business_)?created\b/);
      expect(frequent.plan).not.toMatch(/comments_search_terms/);
      for (const { plan } of [rare, frequent]) expect(plan).not.toMatch(/Seq Scan on comments\b/);
    });
  }
});
