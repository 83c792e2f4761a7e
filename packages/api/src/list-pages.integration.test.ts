// users.list and invoices.list page like the project list: keyset pages of at most 50, each row once, in order,
// with ties in the time they were made; words narrow them; a forged cursor is refused.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

describe("users and invoices in pages", () => {
  let t: TestDatabase;
  const files = { store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-pages-")) }), secret: "s".repeat(32), balancerUrl: "" };
  const admin: SessionUser = {
    id: "admin",
    name: "Ada Admin",
    email: "admin@example.test",
    role: "admin",
    businessId: null,
    image: null,
    emailNotification: true,
  };
  const as = (user: SessionUser) => createCaller({ db: t.db, user, now: () => new Date(), files });
  const joined = new Date(Date.UTC(2026, 0, 1));

  beforeAll(async () => {
    t = await createTestDatabase();
    await makeUser(t.db, { id: "admin", name: "Ada Admin", role: "admin", createdAt: new Date(Date.UTC(2025, 0, 1)) });
    await createBusiness(t.db, { id: "acme", name: "Acme Crème" });
    await createBusiness(t.db, { id: "globex", name: "Globex" });
    // 120 people who all joined at the same instant: only the id orders them.
    for (let n = 0; n < 120; n++)
      await makeUser(t.db, { id: `u-${String(n).padStart(3, "0")}`, name: n % 10 === 0 ? `Zoë ${n}` : `Person ${n}`, createdAt: joined });
    // 110 invoices, ten to a creation time.
    await t.db
      .insertInto("invoices")
      .values(
        Array.from({ length: 110 }, (_, n) => ({
          id: `i-${n}`,
          number: `INV-2026-${String(n).padStart(4, "0")}`,
          businessId: n % 2 ? "acme" : "globex",
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(n / 10))),
        })),
      )
      .execute();
  });
  afterAll(async () => t?.destroy());

  async function pages<T extends { id: string }>(list: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>) {
    const items: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(cursor);
      expect(page.items.length).toBeLessThanOrEqual(50);
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return items;
  }

  it("users: every person once, oldest first, ties by id; words narrow without case or accents", async () => {
    const first = await as(admin).users.list();
    expect(first.items).toHaveLength(50);
    const all = await pages((cursor) => as(admin).users.list({ limit: 7, ...(cursor ? { cursor } : {}) }));
    expect(all.map((u) => u.id)).toEqual(["admin", ...Array.from({ length: 120 }, (_, n) => `u-${String(n).padStart(3, "0")}`)]);
    const zoes = await pages((cursor) => as(admin).users.list({ query: "ZOE", limit: 5, ...(cursor ? { cursor } : {}) }));
    expect(zoes.map((u) => u.name)).toEqual(Array.from({ length: 12 }, (_, n) => `Zoë ${n * 10}`));
    const byAddress = await as(admin).users.list({ query: "u-007@example" });
    expect(byAddress.items.map((u) => u.id)).toEqual(["u-007"]);
  });

  it("invoices: every invoice once, newest first, ties by number; words narrow to a number or business", async () => {
    const first = await as(admin).invoices.list();
    expect(first.items).toHaveLength(50);
    const all = await pages((cursor) => as(admin).invoices.list({ limit: 9, ...(cursor ? { cursor } : {}) }));
    expect(all.map((i) => i.number)).toEqual(Array.from({ length: 110 }, (_, n) => `INV-2026-${String(109 - n).padStart(4, "0")}`));
    const acme = await pages((cursor) => as(admin).invoices.list({ query: "creme", limit: 20, ...(cursor ? { cursor } : {}) }));
    expect(acme).toHaveLength(55);
    expect(acme.every((i) => i.businessName === "Acme Crème")).toBe(true);
    expect((await as(admin).invoices.list({ query: "0042" })).items.map((i) => i.id)).toEqual(["i-42"]);
  });

  it("refuses forged cursors, and both lists stay the admin's", async () => {
    for (const cursor of ["nonsense", Buffer.from('{"s":"joined","k":"x","i":"a"}').toString("base64url")]) {
      expect(await codeOf(as(admin).users.list({ cursor }))).toBe("BAD_REQUEST");
      expect(await codeOf(as(admin).invoices.list({ cursor }))).toBe("BAD_REQUEST");
    }
    const userCursor = (await as(admin).users.list({ limit: 1 })).nextCursor!;
    expect(await codeOf(as(admin).invoices.list({ cursor: userCursor }))).toBe("BAD_REQUEST");
    const client: SessionUser = { ...admin, id: "u-001", role: "client", businessId: "acme" };
    expect(await codeOf(as(client).users.list())).toBe("FORBIDDEN");
    expect(await codeOf(as(client).invoices.list())).toBe("FORBIDDEN");
  });
});
