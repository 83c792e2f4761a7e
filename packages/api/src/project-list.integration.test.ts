// projects.list pages: for every filter and order, paging visits each project the filter admits exactly once
// (checked against a brute-force filter here, with ties in every sort key, the overdue filter against the domain's
// isProjectOverdue on a fixed day), and a client sees only its own business's projects whatever filter or cursor it sends.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, sql } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import {
  isProjectOverdue,
  PROJECT_SORT_VALUES,
  PROJECT_STAGE_VALUES,
  type ProjectFilter,
  type ProjectSort,
  type ProjectStage,
  projectName,
  type SessionUser,
} from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

interface Row {
  id: string;
  name: string;
  title: string;
  businessId: string;
  businessName: string;
  assigneeId: string | null;
  assigneeName: string | null;
  stage: ProjectStage;
  archived: boolean;
  createdAt: Date;
  lastActivityAt: Date;
  dueOn: string | null;
}

// The lists' "today" (UTC): projects due before 10 March are overdue unless delivered or archived.
const NOW = new Date("2026-03-10T12:00:00Z");
const TODAY = "2026-03-10";

// The search rule, written out independently of the SQL: every word in the name, business or designer,
// without case or accents.
const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const matches = (row: Row, words: string[]) => {
  const haystack = fold([row.name, row.businessName, row.assigneeName ?? ""].join(" "));
  return words.every((word) => haystack.includes(fold(word)));
};

describe("projects.list pages", () => {
  let t: TestDatabase;
  const people = {} as Record<"staff" | "dora" | "zoe" | "clientA" | "clientB", SessionUser>;
  let rows: Row[] = [];
  let activity = new Map<string, Date>();
  const files = { store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-lists-")) }), secret: "s".repeat(32), balancerUrl: "" };
  const as = (user: SessionUser) => createCaller({ db: t.db, user, now: () => NOW, files });

  beforeAll(async () => {
    t = await createTestDatabase();
    await createBusiness(t.db, { id: "a", name: "Café Crème" });
    await createBusiness(t.db, { id: "b", name: "Globex Garage" });
    const session = async (id: string, name: string, role: SessionUser["role"], businessId: string | null) => {
      await makeUser(t.db, { id, name, role, businessId });
      return { id, name, email: `${id}@example.test`, role, businessId, image: null, emailNotification: true } satisfies SessionUser;
    };
    people.staff = await session("staff", "Ada Admin", "admin", null);
    people.dora = await session("dora", "Dora Designer", "creative", null);
    people.zoe = await session("zoe", "Zoë Pixel", "creative", null);
    people.clientA = await session("client-a", "Cleo Client", "client", "a");
    people.clientB = await session("client-b", "Gil Globex", "client", "b");
    // 130 projects: creation times shared by runs of six, titles repeating every seven, due dates every seventeen
    // (one in five undated), so every key ties.
    const titles = [
      "Spring menu",
      "Sale 50% off",
      "Sale 500 off",
      "Opening_night poster",
      "Jazz night",
      "Crème brûlée card",
      "Spring menu",
    ];
    const assignees = [null, "dora", "zoe"];
    const values = Array.from({ length: 130 }, (_, n) => {
      const title = titles[n % titles.length]!;
      const createdAt = new Date(Date.UTC(2026, 0, 1, 9, Math.floor(n / 6)));
      return {
        id: `p-${String(n).padStart(3, "0")}`,
        businessId: n % 3 === 0 ? "b" : "a",
        name: projectName(createdAt, title),
        title,
        event: "flyer",
        archived: n % 4 === 0,
        stage: PROJECT_STAGE_VALUES[n % PROJECT_STAGE_VALUES.length]!,
        assigneeId: assignees[n % assignees.length] ?? null,
        createdAt,
        dueOn: n % 5 === 0 ? null : `2026-03-${String(1 + (n % 17)).padStart(2, "0")}`,
      };
    });
    await t.db.insertInto("projects").values(values).execute();
    // Comments move "recently active": plain ones, several at one time; internal notes never (a client would
    // learn from its order when the studio talked among itself).
    const day = 86_400_000;
    type NewComment = { id: string; projectId: string; body: string; event: "shadow" | null; createdAt: Date };
    const comments = values.flatMap((p, n): NewComment[] => {
      if (n % 5 === 1)
        return [{ id: `c-${n}`, projectId: p.id, body: "Hello", event: null, createdAt: new Date(Date.UTC(2026, 1, 1) + (n % 3) * day) }];
      if (n % 5 === 2)
        return [{ id: `c-${n}`, projectId: p.id, body: "Internal", event: "shadow", createdAt: new Date(Date.UTC(2026, 2, 1)) }];
      return [];
    });
    await t.db.insertInto("comments").values(comments).execute();
    activity = new Map(values.map((p) => [p.id, p.createdAt]));
    for (const c of comments) if (c.event !== "shadow") activity.set(c.projectId, c.createdAt);
    // A designer renamed after the projects were made: the search follows the name.
    await t.db.updateTable("users").set({ name: "Zoë Pixel-Ink" }).where("id", "=", "zoe").execute();
    rows = (
      await sql<Row>`select p.id, p.name, p.title, p.business_id, b.name as business_name, p.assignee_id, u.name as assignee_name,
        p.stage, p.archived, p.created_at, p.last_activity_at, p.due_on from projects p join businesses b on b.id = p.business_id left join users u on u.id = p.assignee_id`.execute(
        t.db,
      )
    ).rows;
  });
  afterAll(async () => t?.destroy());

  type Input = ProjectFilter & { archived?: boolean; limit?: number };

  /** Every page of a list, followed by its cursors. */
  async function allPages(user: SessionUser, input: Input) {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await as(user).projects.list({ ...input, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(input.limit ?? 50);
      ids.push(...page.items.map((p) => p.id));
      if (!page.nextCursor) return ids;
      expect(page.items).toHaveLength(input.limit ?? 50);
      cursor = page.nextCursor;
    }
    throw new Error("the list never ends");
  }

  const filters: Record<string, Input> = {
    "no filter": {},
    ...Object.fromEntries(PROJECT_STAGE_VALUES.map((stage) => [`stage ${stage}`, { stage }])),
    "Dora's": { assigneeId: "dora" },
    unassigned: { assigneeId: null },
    "business a": { businessId: "a" },
    "business b": { businessId: "b" },
    "a word of the name": { query: "SPRING" },
    "words in any order and field": { query: "menu  spring cafe" },
    "accents either way": { query: "creme brulee" },
    "a renamed designer": { query: "zoe ink" },
    "percent is a character": { query: "50%" },
    "underscore is a character": { query: "opening_night" },
    "no match": { query: "xylophone" },
    combined: { query: "night", stage: "briefing", assigneeId: null, businessId: "a" },
    overdue: { overdue: true },
    "overdue, Dora's, business a": { overdue: true, assigneeId: "dora", businessId: "a" },
    "overdue and delivered (never)": { overdue: true, stage: "delivered" },
    "overdue with a word": { overdue: true, query: "spring" },
  };

  function bruteForce(user: SessionUser, input: Input, archived: boolean) {
    const words = (input.query ?? "").split(/\s+/).filter(Boolean);
    return rows
      .filter((r) => r.archived === archived)
      .filter((r) => user.role !== "client" || r.businessId === user.businessId)
      .filter((r) => input.businessId === undefined || r.businessId === input.businessId)
      .filter((r) => input.stage === undefined || r.stage === input.stage)
      .filter((r) => input.assigneeId === undefined || r.assigneeId === input.assigneeId)
      .filter((r) => matches(r, words))
      .filter((r) => !input.overdue || isProjectOverdue(r, TODAY))
      .map((r) => r.id)
      .sort();
  }

  for (const viewer of ["staff", "clientA"] as const) {
    for (const [name, filter] of Object.entries(filters)) {
      it(`${viewer}, ${name}: every page in every order visits each project once`, async () => {
        for (const sort of PROJECT_SORT_VALUES) {
          for (const archived of [false, true]) {
            const input = { ...filter, sort, archived, limit: 4 };
            const ids = await allPages(people[viewer], input);
            expect(new Set(ids).size, `${sort} ${archived}`).toBe(ids.length);
            expect([...ids].sort(), `${sort} ${archived}`).toEqual(bruteForce(people[viewer], filter, archived));
            expect(ordered(ids, sort), `${sort} ${archived}`).toBe(true);
          }
        }
      });
    }
  }

  function ordered(ids: string[], sort: ProjectSort) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const key = (id: string) => {
      const r = byId.get(id)!;
      if (sort === "name") return [r.title.toLowerCase(), id];
      // Soonest first, the undated last ("~" sorts after every digit).
      if (sort === "due") return [r.dueOn ?? "~", id];
      return [(sort === "active" ? activity.get(id)! : r.createdAt).toISOString(), id];
    };
    return ids.every((id, i) => {
      if (i === 0) return true;
      const [a, b] = [key(ids[i - 1]!), key(id)];
      if (sort === "newest" || sort === "active") return a[0]! > b[0]! || (a[0] === b[0] && a[1]! > b[1]!);
      // Titles compare in the database's collation; only ties are checked here, for the id order within them.
      if (sort === "name") return a[0] !== b[0] || a[1]! < b[1]!;
      return a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!);
    });
  }

  it("keeps each project's latest activity that everyone sees, or its creation", async () => {
    expect(Object.fromEntries(rows.map((r) => [r.id, r.lastActivityAt]))).toEqual(Object.fromEntries(activity));
  });

  it("answers at most 50 a page, and the first page without a cursor", async () => {
    const first = await as(people.staff).projects.list();
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const archived = await as(people.staff).projects.list({ archived: true });
    expect(archived.items.every((p) => p.archived)).toBe(true);
    expect(await codeOf(as(people.staff).projects.list({ limit: 51 }))).toBe("BAD_REQUEST");
  });

  it("shows a client its own business's projects only, whatever business it names", async () => {
    const own = await allPages(people.clientA, {});
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((id) => rows.find((r) => r.id === id)?.businessId === "a")).toBe(true);
    expect(await as(people.clientA).projects.list({ businessId: "b" })).toEqual({ items: [], nextCursor: null });
    expect(await as(people.clientB).projects.list({ businessId: "a", query: "crème" })).toEqual({ items: [], nextCursor: null });
  });

  it("refuses a forged cursor, and one that parses moves only where a page starts, never whose projects it shows", async () => {
    const garbage = [
      "x",
      "%%%",
      Buffer.from("{}").toString("base64url"),
      Buffer.from('{"s":"newest","k":"soon","i":"p-001"}').toString("base64url"),
    ];
    for (const cursor of garbage) expect(await codeOf(as(people.clientA).projects.list({ cursor }))).toBe("BAD_REQUEST");
    // A cursor of one order is not one of another.
    const staffPage = await as(people.staff).projects.list({ limit: 2 });
    expect(await codeOf(as(people.staff).projects.list({ sort: "name", cursor: staffPage.nextCursor! }))).toBe("BAD_REQUEST");
    // The staff's cursor, pointing at business b's project, or one made up to point anywhere: still only a's.
    const bProject = rows.find((r) => r.businessId === "b")!;
    const madeUp = [
      staffPage.nextCursor!,
      Buffer.from(JSON.stringify({ s: "newest", k: Number.MAX_SAFE_INTEGER, i: bProject.id })).toString("base64url"),
      Buffer.from(JSON.stringify({ s: "name", k: "", i: bProject.id })).toString("base64url"),
    ];
    for (const cursor of madeUp) {
      const sort = JSON.parse(Buffer.from(cursor, "base64url").toString()).s as ProjectSort;
      const page = await as(people.clientA).projects.list({ cursor, sort });
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((p) => p.businessId === "a")).toBe(true);
    }
  });

  it("marks each project overdue by the domain's rule, the same the filter keeps", async () => {
    const all = [...(await as(people.staff).projects.list({ limit: 50 })).items];
    expect(all.length).toBe(50);
    for (const p of all) expect(p.overdue, p.id).toBe(isProjectOverdue(p, TODAY));
    expect(all.some((p) => p.overdue)).toBe(true);
    expect(all.some((p) => !p.overdue && p.dueOn !== null)).toBe(true);
    const overdue = await as(people.staff).projects.list({ overdue: true, limit: 50 });
    expect(overdue.items.length).toBeGreaterThan(0);
    expect(overdue.items.every((p) => p.overdue)).toBe(true);
    // The archive never holds an overdue project.
    expect(await as(people.staff).projects.list({ overdue: true, archived: true })).toEqual({ items: [], nextCursor: null });
  });

  it("refuses a due-date cursor that names no day, and one made up still shows only the client's own projects", async () => {
    const forged = [
      { s: "due", k: 17, i: "p-001" },
      { s: "due", k: "tomorrow", i: "p-001" },
      { s: "due", k: "2026-03-01'; drop table projects; --", i: "p-001" },
    ];
    for (const payload of forged) {
      const cursor = Buffer.from(JSON.stringify(payload)).toString("base64url");
      expect(await codeOf(as(people.clientA).projects.list({ sort: "due", cursor }))).toBe("BAD_REQUEST");
    }
    const bProject = rows.find((r) => r.businessId === "b")!;
    for (const k of ["2000-01-01", "infinity"]) {
      const cursor = Buffer.from(JSON.stringify({ s: "due", k, i: bProject.id })).toString("base64url");
      const page = await as(people.clientA).projects.list({ sort: "due", cursor });
      expect(page.items.every((p) => p.businessId === "a")).toBe(true);
      if (k === "2000-01-01") expect(page.items.length).toBeGreaterThan(0);
    }
  });
});
