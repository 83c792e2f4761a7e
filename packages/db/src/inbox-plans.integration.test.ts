// The bell's queries (and a project's thread) read what they need through indexes, never a whole table: on a seeded studio (seed:scale, then
// ANALYZE), every statement the inbox functions send for a client and for staff is captured as compiled (SQL and
// parameters) and EXPLAINed both generic (as a named statement may run it) and for those parameters; no plan may hold a sequential scan of comments, their reads, inbox or projects.
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommentCursor, type InboxViewer, listNotifications, listProjectComments, unreadByProject, unreadCount } from "./comments";
import type { Db } from "./create-db";
import type { Database } from "./schema";
import { seedScale } from "./seed-scale";
import { createPlanReader, createTestDatabase, type PlanReader, type TestDatabase } from "./testing";

// Large enough that the planner prefers an index where one fits (50,000 comments, 1,000 projects), small enough to seed in seconds.
const SCALE = 0.05;
const SEQ_SCAN = /Seq Scan on (comments|comment_reads|inbox|projects)\b/;

describe("plans of the bell's queries on a seeded studio", () => {
  let t: TestDatabase;
  let pool: pg.Pool;
  let db: Db;
  let planReader: PlanReader;
  const captured: CompiledQuery[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedScale(t.db, { scale: SCALE });
    pool = new pg.Pool({ connectionString: t.url, max: 2 });
    planReader = await createPlanReader(t.url);
    // The same queries as the product's, through a handle that keeps each one as it was sent.
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
      log: (event) => {
        if (event.level === "query") captured.push(event.query);
      },
    });
  }, 180_000);
  afterAll(async () => {
    await planReader?.close();
    await db?.destroy();
    await t?.destroy();
  });

  /** Runs `calls`, then answers the plans of every statement it sent: the generic one and the one for its values. */
  async function plansOf(calls: () => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
    captured.length = 0;
    await calls();
    const queries = [...captured];
    const plans = [];
    for (const query of queries) {
      const { generic, custom } = await planReader.plans(query);
      plans.push({ sql: query.sql, plan: `${generic}\n${custom}` });
    }
    return plans;
  }

  const viewers: Record<string, InboxViewer> = {
    client: { id: "demo-client", role: "client", businessId: "demo-business" },
    staff: { id: "demo-admin", role: "admin", businessId: null },
  };

  for (const [name, viewer] of Object.entries(viewers)) {
    it(`uses indexes for a ${name}: notifications (all, unread, read, paged), the unread count, the grouping and a thread`, async () => {
      const cursorOf = (rows: { id: string; createdAt: Date }[]): CommentCursor => {
        const last = rows.at(-1);
        if (!last) throw new Error("the seeded viewer has nothing to page through");
        return { createdAt: last.createdAt, id: last.id };
      };
      const plans = await plansOf(async () => {
        const all = await listNotifications(db, viewer, { filter: "all", limit: 100 });
        await listNotifications(db, viewer, { filter: "all", before: cursorOf(all), limit: 100 });
        const unread = await listNotifications(db, viewer, { filter: "unread", limit: 20 });
        await listNotifications(db, viewer, { filter: "unread", before: cursorOf(unread), limit: 20 });
        const read = await listNotifications(db, viewer, { filter: "read", limit: 100 });
        await listNotifications(db, viewer, { filter: "read", before: cursorOf(read), limit: 100 });
        expect(await unreadCount(db, viewer.id)).toBeGreaterThan(20);
        const groups = await unreadByProject(db, viewer, 30);
        expect(groups.length).toBeGreaterThan(0);
        // A project's thread, newest page and the one before it.
        const thread = { projectId: groups[0]!.latest.project.id, withoutShadow: viewer.role === "client", limit: 20 };
        const newest = await listProjectComments(db, viewer.id, thread);
        await listProjectComments(db, viewer.id, { ...thread, before: cursorOf(newest) });
      });
      // Every query of the list, the count and the grouping was seen (each page also reads its comments' readers).
      expect(plans.filter((p) => /from "inbox"/.test(p.sql)).length).toBeGreaterThanOrEqual(4);
      expect(plans.filter((p) => /from "comments"/.test(p.sql)).length).toBeGreaterThanOrEqual(6);
      const scans = plans.filter((p) => SEQ_SCAN.test(p.plan));
      expect(scans.map((s) => `${s.sql}\n${s.plan}`)).toEqual([]);
    });
  }
});
