import { workloadPlan } from "@atelier/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db, listInvoices, listPosts, migrateToLatest, seedLivingDemo, workloadProjects } from "./index";

// The living demo on the embedded database npm start uses: a studio to explore, and never over anyone's data.
describe("the living demo seed (PGlite)", () => {
  let db: Db;
  let used: Db;
  const now = new Date("2026-11-25T12:00:00Z");
  beforeAll(async () => {
    [db, used] = await Promise.all([createDb(), createDb()]);
    await Promise.all([migrateToLatest(db), migrateToLatest(used)]);
  }, 120_000);
  afterAll(async () => Promise.all([db?.destroy(), used?.destroy()]));

  it("fills an empty database with businesses, projects in every stage, threads, notes, invoices and a post", async () => {
    expect(await seedLivingDemo(db, now)).toBe(true);
    expect(await db.selectFrom("businesses").select("id").execute()).toHaveLength(3);
    const projects = await workloadProjects(db);
    const all = await db.selectFrom("projects").select(["id", "archived"]).execute();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.some((p) => p.archived)).toBe(true);
    expect(new Set(projects.map((p) => p.stage))).toEqual(new Set(["new", "briefing", "modification", "approved", "reopened"]));
    const notes = await db.selectFrom("comments").select("id").where("event", "=", "shadow").execute();
    expect(notes.length).toBeGreaterThan(0);
    const plan = workloadPlan([{ id: "demo-creative" }], projects, now);
    expect(plan[0]?.active).toBeGreaterThan(0);
    expect(plan.some((p) => p.overdue > 0)).toBe(true);
    // Due dates relative to the seed day fill each section of the plan: late, due this week, due next week.
    const due = workloadPlan([], projects, now).flatMap((person) => person.projects.flatMap((p) => p.due));
    expect(new Set(due.map((d) => d.when))).toEqual(new Set(["overdue", "this_week", "next_week"]));
    expect(plan[0]!.dueThisWeek).toBeGreaterThan(0);
    expect(plan[0]!.dueNextWeek).toBeGreaterThan(0);
    const statuses = new Set((await listInvoices(db, { businessId: null })).map((i) => i.status));
    expect(statuses).toEqual(new Set(["draft", "sent", "paid", "void"]));
    // A paid invoice has its payment: nothing is left to pay on its page.
    for (const invoice of (await listInvoices(db, { businessId: null })).filter((i) => i.status === "paid")) {
      const payments = await db.selectFrom("invoicePayments").select("amount").where("invoiceId", "=", invoice.id).execute();
      expect(payments.reduce((sum, p) => sum + Number(p.amount), 0)).toBe(invoice.total);
    }
    expect((await listPosts(db, { draftsOf: null })).map((p) => p.title)).toEqual(["Welcome to the studio"]);
  });

  it("writes nothing into a database that already holds users", async () => {
    await used.insertInto("users").values({ id: "someone", email: "someone@example.test", name: "Someone" }).execute();
    expect(await seedLivingDemo(used, now)).toBe(false);
    expect(await used.selectFrom("users").select("id").execute()).toEqual([{ id: "someone" }]);
    expect(await used.selectFrom("projects").select("id").execute()).toEqual([]);
    expect(await used.selectFrom("businesses").select("id").execute()).toEqual([]);
  });
});
