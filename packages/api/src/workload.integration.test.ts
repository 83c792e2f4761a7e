// The workload plan on real PostgreSQL: each designer's active projects, the overdue ones and the rounds of changes.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, createComment, type Db } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

describe("the workload plan", () => {
  let t: TestDatabase;
  let db: Db;
  let clock = new Date("2026-11-10T09:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-workload-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (user: SessionUser) => createCaller({ db, user, now: () => clock, files });
  const session = (u: { id: string; name: string | null; email: string | null; role: SessionUser["role"]; businessId: string | null }) => ({
    id: u.id,
    name: u.name,
    email: u.email ?? "",
    role: u.role,
    businessId: u.businessId,
    image: null,
    emailNotification: true,
  });

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
  });
  afterAll(async () => t?.destroy());

  it("plans each designer's projects from their threads, and is the studio's only", async () => {
    await createBusiness(db, { id: "acme", name: "Acme" });
    const admin = session(await makeUser(db, { role: "admin", name: "Ada" }));
    const dora = session(await makeUser(db, { role: "creative", name: "Dora" }));
    const client = session(await makeUser(db, { role: "client", businessId: "acme" }));
    const gone = session(await makeUser(db, { role: "creative", name: "Gone" }));
    const studio = as(admin);
    const poster = await studio.projects.create({ title: "Poster", event: "poster", businessId: "acme" });
    const menu = await studio.projects.create({ title: "Menu", event: "print", businessId: "acme" });
    const sign = await studio.projects.create({ title: "Sign", event: "print", businessId: "acme" });
    const card = await studio.projects.create({ title: "Card", event: "print", businessId: "acme" });
    await studio.projects.assign({ id: poster.id, assigneeId: dora.id });
    await studio.projects.assign({ id: menu.id, assigneeId: dora.id });
    await studio.projects.assign({ id: sign.id, assigneeId: gone.id });
    await db.updateTable("users").set({ deactivatedAt: new Date() }).where("id", "=", gone.id).execute();
    await studio.projects.setArchived({ id: card.id, archived: true });
    // The poster: two rounds of changes, the last one fresh; the menu: approved long ago. (The events as the
    // proofs' actions write them into the thread.)
    const say = (userId: string, projectId: string, body: string, event: "modification" | "approved") =>
      createComment(db, { id: randomUUID(), projectId, userId, event, body, parentId: null, createdAt: clock });
    await say(client.id, poster.id, "Bigger", "modification");
    await say(client.id, menu.id, "Done", "approved");
    clock = new Date("2026-11-24T09:00:00Z");
    await say(client.id, poster.id, "Bigger still", "modification");
    await as(dora).comments.create({ projectId: poster.id, body: "On it", event: "shadow" });
    clock = new Date("2026-11-25T09:00:00Z");

    const plan = await as(dora).workload.plan();
    expect(plan.people.map((p) => [p.person?.name, p.active, p.overdue, p.inChanges])).toEqual([
      ["Ada", 0, 0, 0],
      ["Dora", 2, 0, 1],
    ]);
    const doras = plan.people.find((p) => p.person?.id === dora.id)!;
    expect(doras.projects.map((p) => [p.title, p.stage, p.changeRounds, p.overdue])).toEqual([
      ["Poster", "modification", 2, false],
      ["Menu", "approved", 0, false],
    ]);
    // A deactivated designer's projects wait for someone; the sign has waited since the 10th.
    expect(plan.unassigned.projects.map((p) => [p.title, p.stage, p.overdue])).toEqual([["Sign", "new", true]]);

    expect(await codeOf(as(client).workload.plan())).toBe("FORBIDDEN");
    // Nobody hands new work to someone deactivated.
    expect(await codeOf(studio.projects.assign({ id: sign.id, assigneeId: gone.id }))).toBe("BAD_REQUEST");
  });
});

describe("the workload plan's dates against a brute-force count", () => {
  let t: TestDatabase;
  // Wednesday 25 November 2026 (UTC): this week runs to Sunday the 29th, next week from the 30th to 6 December.
  const now = new Date("2026-11-25T09:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-workload-dates-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.destroy());

  it("counts each person's overdue projects and proofs, and what is due this week and next", async () => {
    const { db } = t;
    await createBusiness(db, { id: "acme", name: "Acme" });
    const admin = await makeUser(db, { role: "admin", name: "Ada" });
    const people = [
      admin.id,
      (await makeUser(db, { role: "creative", name: "Dora" })).id,
      (await makeUser(db, { role: "creative", name: "Dan" })).id,
    ];
    const stages = ["new", "in_progress", "proof_sent", "modification", "delivered", "approved"] as const;
    // Dates from 20 November to 10 December, some missing; every project created a day ago, so none waits too long.
    const day = (n: number) => `2026-${n <= 30 ? "11" : "12"}-${String(n <= 30 ? n : n - 30).padStart(2, "0")}`;
    const projects = Array.from({ length: 60 }, (_, n) => ({
      id: `p-${String(n).padStart(2, "0")}`,
      businessId: "acme",
      name: `2026-11-24-P-${n}`,
      title: `Project ${n}`,
      event: "flyer",
      stage: stages[n % stages.length]!,
      archived: n % 11 === 0,
      assigneeId: n % 4 === 3 ? null : people[n % 3]!,
      createdAt: new Date("2026-11-24T09:00:00Z"),
      dueOn: n % 5 === 0 ? null : day(20 + ((n * 8) % 21)),
    }));
    await db.insertInto("projects").values(projects).execute();
    const statuses = ["sent", "changes_requested", "approved", "superseded"] as const;
    const proofs = projects.flatMap((p, n) =>
      Array.from({ length: n % 3 }, (_, r) => ({
        id: `${p.id}-r${r + 1}`,
        projectId: p.id,
        round: r + 1,
        status: statuses[(n + r) % statuses.length]!,
        dueOn: (n + r) % 4 === 0 ? null : day(20 + ((n * 5 + r * 3) % 21)),
        createdAt: now,
      })),
    );
    await db.insertInto("proofs").values(proofs).execute();

    // Written out by hand: late is before the 25th; this week the 25th to the 29th; next week the 30th to 6 December.
    const when = (d: string) => (d < "2026-11-25" ? "late" : d <= "2026-11-29" ? "this" : d <= "2026-12-06" ? "next" : "later");
    const expected = (owner: (p: (typeof projects)[number]) => boolean) => {
      const mine = projects.filter((p) => !p.archived && owner(p));
      const projectDates = mine.filter((p) => p.dueOn !== null && p.stage !== "delivered").map((p) => when(p.dueOn!));
      const proofDates = proofs
        .filter((r) => r.status === "sent" && r.dueOn !== null && mine.some((p) => p.id === r.projectId))
        .map((r) => when(r.dueOn!));
      const dates = [...projectDates, ...proofDates];
      return {
        active: mine.length,
        overdue: projectDates.filter((w) => w === "late").length + proofDates.filter((w) => w === "late").length,
        dueThisWeek: dates.filter((w) => w === "this").length,
        dueNextWeek: dates.filter((w) => w === "next").length,
        inChanges: mine.filter((p) => p.stage === "modification").length,
      };
    };
    const plan = await createCaller({
      db,
      user: { ...admin, email: admin.email ?? "", image: null, emailNotification: true, businessId: null },
      now: () => now,
      files,
    }).workload.plan();
    const figures = (r: { active: number; overdue: number; dueThisWeek: number; dueNextWeek: number; inChanges: number }) => ({
      active: r.active,
      overdue: r.overdue,
      dueThisWeek: r.dueThisWeek,
      dueNextWeek: r.dueNextWeek,
      inChanges: r.inChanges,
    });
    for (const row of plan.people) expect(figures(row), row.person?.name ?? "").toEqual(expected((p) => p.assigneeId === row.person?.id));
    expect(figures(plan.unassigned)).toEqual(expected((p) => p.assigneeId === null));
    const total = [...plan.people, plan.unassigned].reduce((sum, r) => sum + r.overdue + r.dueThisWeek + r.dueNextWeek, 0);
    expect(total).toBeGreaterThan(10);
    // Each dated entry names its project (the page links it there), and the project entries link to themselves.
    for (const row of [...plan.people, plan.unassigned])
      for (const p of row.projects)
        for (const d of p.due) expect(d.kind === "project" ? d.id : proofs.find((r) => r.id === d.id)?.projectId).toBe(p.id);
  });
});
