// The project list at a real studio's size (200 businesses, 20 staff, 2,000 clients, 20,000 projects, 40,000
// files, 100,000 comments): every filter and order, first page and next, is read through an index, never a
// sequential scan of projects, comments or files, and a page stays small. The plans are of the very query the list runs (projectPageQuery), compiled by
// kysely and explained on real PostgreSQL, with the planner's costs as they are: the generic plan (which a named
// statement may keep, prepared-statements.ts) and the plan for the parameters' values.
import { BUSINESS_NAME_MAX_LENGTH, PROJECT_SORT_VALUES, type ProjectSort, USER_NAME_MAX_LENGTH } from "@atelier/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatherGinEntries } from "./gin-bulk";
import { listProjectPage, type ProjectListQuery, projectPageQuery } from "./projects";
import { createPlanReader, createTestDatabase, type PlanReader, type TestDatabase } from "./testing";

describe("project list plans at scale", () => {
  let t: TestDatabase;
  let planReader: PlanReader;
  const business = "business-2";
  const designer = "staff-3";
  const LONG = "business-long";

  beforeAll(async () => {
    t = await createTestDatabase();
    planReader = await createPlanReader(t.url);
    const { db } = t;
    const gin = await gatherGinEntries(db);
    await sql`insert into businesses (id, name)
      select 'business-' || n, (array['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Soylent', 'Tyrell'])[1 + n % 10]
        || ' ' || (array['Coffee', 'Bakery', 'Café', 'Studio', 'Books', 'Garage', 'Florist', 'Brewery', 'Gym', 'Hotel'])[1 + (n / 10) % 10] || ' ' || n
      from generate_series(1, 200) n`.execute(db);
    await sql`insert into users (id, name, email, role)
      select 'staff-' || n, (array['Dora', 'Dan', 'Zoë', 'Ana', 'Léa', 'Max', 'Kim', 'Sam', 'Ravi', 'Ines'])[1 + n % 10] || ' '
        || (array['Draw', 'Ink', 'Pixel', 'Brush'])[1 + n % 4] || ' ' || n, 'staff' || n || '@studio.test', 'creative'
      from generate_series(1, 20) n`.execute(db);
    await sql`insert into users (id, name, email, role, business_id)
      select 'client-' || n, 'Client ' || n, 'client' || n || '@example.test', 'client', 'business-' || (1 + n % 200)
      from generate_series(1, 2000) n`.execute(db);
    // Titles of a studio's kind of words, 4,000 different ones; every 7 projects share a creation time, so the
    // order has ties; a fifth archived, a quarter unassigned; two in three with a due date over about three years.
    await sql`insert into projects (id, business_id, name, title, event, archived, stage, assignee_id, created_at, due_on)
      select 'project-' || n, 'business-' || (1 + n % 200), to_char(created_at, 'YYYY-MM-DD-') || replace(title, ' ', '-'), title,
        (array['flyer', 'poster', 'social', 'print', 'branding', 'other'])[1 + n % 6], n % 5 = 0,
        (array['new', 'briefing', 'modification', 'approved', 'reopened'])[1 + n % 5],
        case when n % 4 = 0 then null else 'staff-' || (1 + n % 20) end, created_at,
        case when n % 3 <> 0 then date '2024-01-01' + n % 1100 end
      from generate_series(1, 20000) n,
        lateral (select timestamptz '2024-01-01' + (n / 7) * interval '53 minutes' as created_at) c,
        lateral (select
          (array['Spring', 'Summer', 'Autumn', 'Winter', 'Grand', 'Weekend', 'Holiday', 'Crème', 'Jazz', 'Vintage', 'Organic', 'Midnight',
            'Family', 'Charity', 'Anniversary', 'Student', 'Brunch', 'Harvest', 'Neon', 'Garden'])[1 + (n * 7) % 20] || ' ' ||
          (array['opening', 'sale', 'menu', 'party', 'festival', 'launch', 'market', 'tasting', 'concert', 'workshop', 'fair', 'special',
            'night', 'tour', 'week', 'club', 'gala', 'show', 'offer', 'class'])[1 + (n * 13 / 20) % 20] || ' ' ||
          (array['flyer', 'poster', 'banner', 'card', 'brochure', 'label', 'sign', 'menu board', 'story', 'post'])[1 + (n * 3 / 400) % 10]
          as title) t`.execute(db);
    await sql`insert into project_files (id, project_id, kind, upload_id, name, key, thumbnail, blur)
      select 'file-' || n, 'project-' || (1 + n % 20000), 'briefing', 'upload-' || n, 'brief.pdf', 'files/' || n, '/t.png', '/b.png'
      from generate_series(1, 40000) n`.execute(db);
    // 100,000 comments over the projects, one in twenty an internal note. Row by row, the schema's triggers would
    // update a project for each comment (80 s here); they are off for the insert, and what they keep (the business,
    // each project's latest activity everyone sees) is written once after, as seed-scale.ts does.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into comments (id, project_id, business_id, body, event, created_at)
        select 'comment-' || n, p.id, p.business_id, 'A comment',
          case when n % 20 = 0 then 'shadow' end, timestamptz '2024-01-01' + n * interval '3 minutes'
        from generate_series(1, 100000) n join projects p on p.id = 'project-' || (1 + (n * 7919) % 20000)`.execute(trx);
    });
    await sql`update projects set last_activity_at = last.at
      from (select project_id, max(created_at) as at from comments where event is distinct from 'shadow' group by project_id) last
      where last.project_id = projects.id and last.at > projects.last_activity_at`.execute(db);
    // One business whose projects are as long as they may be, for the size of a page.
    await sql`insert into businesses (id, name) values (${LONG}, ${"Long Business Name ".repeat(10).slice(0, BUSINESS_NAME_MAX_LENGTH)})`.execute(
      db,
    );
    await sql`update users set name = ${"Designer With A Very Long Name ".repeat(8).slice(0, USER_NAME_MAX_LENGTH)} where id = ${designer}`.execute(
      db,
    );
    await sql`insert into projects (id, business_id, name, title, event, assignee_id)
      select 'long-' || n, ${LONG}, '2026-01-01-' || replace(title, ' ', '-'), title, 'branding', ${designer}
      from generate_series(1, 60) n, lateral (select left(repeat('Everything about the grand opening ', 5), 120) as title) t`.execute(db);
    await gin.merge();
    await sql`analyze`.execute(db);
  }, 600_000);
  afterAll(async () => {
    await planReader?.close();
    await t?.destroy();
  });

  const filters: Record<string, Partial<ProjectListQuery>> = {
    "no filter": {},
    stage: { stage: "reopened" },
    designer: { assigneeId: designer },
    unassigned: { assigneeId: null },
    "a common word": { words: ["menu"] },
    "rare words": { words: ["gala", "harvest", "label"] },
    "a designer's and a business's name": { words: ["zoe", "wonka"] },
    "an accented word, unaccented": { words: ["creme"] },
    "a word found nowhere": { words: ["xylophone"] },
    "stage and designer": { stage: "approved", assigneeId: designer },
    "every filter": { stage: "new", assigneeId: null, words: ["poster"] },
    overdue: { overdueOn: "2025-06-01" },
    "overdue, a designer's": { overdueOn: "2025-06-01", assigneeId: designer },
    "overdue in a stage": { overdueOn: "2026-01-01", stage: "modification" },
  };
  const viewers: Record<string, Partial<ProjectListQuery>> = {
    client: { businessId: business },
    staff: { businessId: null },
    "staff filtering a business": { businessId: business },
  };
  const base = (sort: ProjectSort, archived: boolean): ProjectListQuery => ({ archived, businessId: null, sort, limit: 50 });

  /** The plans of the list's query: the generic one, and the one for these parameters' values. */
  async function plan(q: ProjectListQuery) {
    const { generic, custom } = await planReader.plans(projectPageQuery(t.db, q).compile());
    return [generic, custom];
  }

  for (const [viewer, scope] of Object.entries(viewers)) {
    for (const [name, filter] of Object.entries(filters)) {
      it(`${viewer}, ${name}: first and next pages in every order read indexes only`, async () => {
        for (const sort of PROJECT_SORT_VALUES) {
          for (const archived of [false, true]) {
            const q = { ...base(sort, archived), ...scope, ...filter };
            const first = await listProjectPage(t.db, q);
            const plans = await plan(q);
            if (first.nextCursor) plans.push(...(await plan({ ...q, cursor: first.nextCursor })));
            for (const text of plans) {
              expect(text, `${sort}, archived ${archived}:\n${text}`).not.toMatch(/Seq Scan on (projects|comments|project_files)\b/);
              expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
            }
          }
        }
      });
    }
  }

  it("the plans are those of pages that hold projects", async () => {
    const staffPage = await listProjectPage(t.db, base("newest", false));
    expect(staffPage.items).toHaveLength(50);
    expect(staffPage.nextCursor).not.toBeNull();
    const clientPage = await listProjectPage(t.db, { ...base("name", false), businessId: business, words: ["creme"] });
    expect(clientPage.items.length).toBeGreaterThan(0);
    expect(clientPage.items.every((p) => p.businessId === business && p.title.startsWith("Crème"))).toBe(true);
    const rare = await listProjectPage(t.db, { ...base("oldest", false), words: ["gala", "harvest", "label"] });
    expect(rare.items.length).toBeGreaterThan(0);
    expect(rare.items.every((p) => /Harvest gala label/.test(p.title))).toBe(true);
  });

  it("a full page of the longest projects stays under 64 KB of JSON", async () => {
    for (const sort of PROJECT_SORT_VALUES) {
      const page = await listProjectPage(t.db, { ...base(sort, false), businessId: LONG });
      expect(page.items).toHaveLength(50);
      expect(page.items[0]?.title).toHaveLength(120);
      const size = Buffer.byteLength(JSON.stringify(page));
      expect(size).toBeGreaterThan(50 * 600);
      expect(size).toBeLessThan(64 * 1024);
    }
  });
});
