import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, DEMO_BUSINESS, DEMO_USERS, seedDemo, setUserBusiness } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";

const [admin, creative, client] = DEMO_USERS;
const session = (u: (typeof DEMO_USERS)[number], businessId: string | null = null): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  image: null,
  emailNotification: true,
  businessId,
});

describe("the businesses overview", () => {
  let t: TestDatabase;
  const now = () => new Date(Date.UTC(2026, 10, 22, 10, 0, 0));
  const as = (u: SessionUser) =>
    createCaller({
      db: t.db,
      user: u,
      now,
      files: {
        store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-businesses-")) }),
        secret: "s".repeat(32),
        balancerUrl: "http://b.test",
      },
      live: { publish: async () => undefined },
    });

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    await createBusiness(t.db, { id: "globex", name: "Globex" });
    await t.db.insertInto("users").values({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }).execute();
    await setUserBusiness(t.db, "globex-client", "globex");
    const studio = as(session(admin));
    const poster = await studio.projects.create({ title: "Spring poster", event: "flyer", businessId: DEMO_BUSINESS.id });
    const menu = await studio.projects.create({ title: "Menu", event: "print", businessId: DEMO_BUSINESS.id });
    await studio.projects.setArchived({ id: menu.id, archived: true });
    await studio.projects.create({ title: "Logo", event: "flyer", businessId: "globex" });
    const line = [{ description: "Design", quantity: 1, unitAmount: 10_000 }];
    const invoice = async (businessId: string, dueAt: string, statuses: ("sent" | "paid")[]) => {
      const { id } = await studio.invoices.create({ businessId, projectId: poster.id, dueAt, lines: line });
      for (const status of statuses) await studio.invoices.setStatus({ id, status });
    };
    await invoice(DEMO_BUSINESS.id, "2026-11-01", ["sent"]); // overdue
    await invoice(DEMO_BUSINESS.id, "2026-11-22", ["sent"]); // due today, not overdue
    await invoice(DEMO_BUSINESS.id, "2026-10-01", ["sent", "paid"]);
    await invoice(DEMO_BUSINESS.id, "2026-10-01", []); // a draft
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("gives an admin each business's projects, people and unpaid invoices", async () => {
    const overview = await as(session(admin)).businesses.overview();
    expect(overview.map((b) => [b.name, b.activeProjects, b.archivedProjects, b.people, b.openInvoices, b.overdueInvoices])).toEqual([
      ["Acme Coffee", 1, 1, 1, 2, 1],
      ["Globex", 1, 0, 1, 0, 0],
    ]);
  });

  it("leaves invoices out for a designer, and refuses a client", async () => {
    const overview = await as(session(creative)).businesses.overview();
    expect(overview.map((b) => [b.name, b.activeProjects, b.openInvoices, b.overdueInvoices])).toEqual([
      ["Acme Coffee", 1, null, null],
      ["Globex", 1, null, null],
    ]);
    const refused = await as(session(client, DEMO_BUSINESS.id))
      .businesses.overview()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe("FORBIDDEN");
  });
});
