// An upgrade from the first release (README, "Upgrades"): a database built by that release's migrations and filled by
// its own code with the demo studio (fixtures/first-release-demo.sql, written by
// tooling/scripts/first-release-fixture.ts) is migrated to today's schema, and the app's main reads answer on it for
// every role, with the rows the first release wrote.
import { readFileSync } from "node:fs";
import { createMigrator, type Db, migrateToLatest, sql } from "@atelier/db";
import { createTestDatabase, migrateOnly, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";

const FIXTURE = readFileSync(new URL("../../db/src/fixtures/first-release-demo.sql", import.meta.url), "utf8");

describe("an upgrade from the first release", () => {
  let t: TestDatabase;
  let db: Db;
  let firstRelease: string[];
  const as = (user: SessionUser) =>
    createCaller({
      db,
      user,
      now: () => new Date("2026-11-27T10:00:00Z"),
      files: { store: null as never, secret: "s".repeat(32), balancerUrl: "" },
    });

  async function sessionOf(email: string): Promise<SessionUser> {
    const u = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    return { id: u.id, name: u.name ?? "", email, role: u.role, businessId: u.businessId, image: null, emailNotification: true };
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
    // The fixture's second line names the first release's migrations.
    firstRelease = (FIXTURE.split("\n")[1] ?? "").replace(/^-- /, "").split(" ");
    // Exactly that release's migrations: later ones include some named before its last.
    await migrateOnly(db, firstRelease);
    await sql.raw(FIXTURE).execute(db);
  });
  afterAll(async () => t?.destroy());

  it("migrates every later migration onto the first release's rows", async () => {
    const ran = await migrateToLatest(db);
    const all = (await createMigrator(db).getMigrations()).map((m) => m.name);
    expect(ran).toEqual(all.filter((name) => !firstRelease.includes(name)));
    expect(ran.length).toBeGreaterThan(20);
  });

  it("answers the main reads of each role with what the first release wrote", async () => {
    const counted = async (table: "projects" | "comments" | "invoices" | "users") =>
      Number((await db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
    const written = (name: string) =>
      new RegExp(`INSERT INTO public\\.${name} VALUES\\n((?:\\t.*\\n)+)`).exec(FIXTURE)?.[1]?.split("\n").filter(Boolean).length;
    for (const table of ["projects", "comments", "invoices", "users"] as const) expect(await counted(table)).toBe(written(table));

    const admin = as(await sessionOf("admin@atelier.local"));
    const designer = as(await sessionOf("designer@atelier.local"));
    const client = as(await sessionOf("client@atelier.local"));

    const staffList = await admin.projects.list({});
    expect(staffList.items.length).toBeGreaterThan(5);
    const clientList = await client.projects.list({});
    expect(clientList.items.length).toBeGreaterThan(0);
    for (const p of clientList.items) expect(p.businessId).toBe("demo-business");

    const project = clientList.items[0] as { id: string };
    expect((await client.projects.byId({ id: project.id })).id).toBe(project.id);
    const thread = await designer.comments.byProject({ projectId: project.id });
    expect(thread.length).toBeGreaterThan(0);
    await client.comments.findMany();

    const invoices = await admin.invoices.list({});
    expect(invoices.items.length).toBe(written("invoices"));
    const invoice = invoices.items[0] as { id: string };
    expect((await admin.invoices.byId({ id: invoice.id })).id).toBe(invoice.id);

    expect((await admin.businesses.overview()).length).toBeGreaterThan(0);
    expect((await designer.workload.plan()).people.length).toBeGreaterThan(0);
    expect((await admin.users.list({})).items.length).toBe(written("users"));
    expect(Array.isArray(await designer.posts.list())).toBe(true);
    const title = (staffList.items[0] as { title: string }).title;
    const found = await admin.search.query({ q: title });
    expect(found.groups.flatMap((g) => g.items.map((i) => i.title))).toContain(title);
  });
});
