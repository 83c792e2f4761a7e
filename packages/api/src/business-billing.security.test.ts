// Where a business's invoices are mailed and the currency they bill in decide where the studio's money goes:
// only an admin sets them. A designer asking to is refused and changes nothing, though may still rename.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, findBusiness, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";

const [admin, creative] = DEMO_USERS;
const asUser = (u: (typeof DEMO_USERS)[number]): SessionUser => ({ ...u, image: null, emailNotification: true, businessId: null });

describe("a business's billing contacts and currency", () => {
  let t: TestDatabase;
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-business-billing-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now: () => new Date(), files });
  const stored = async () => {
    const b = await findBusiness(t.db, DEMO_BUSINESS.id);
    return { name: b?.name, currency: b?.currency, billingEmails: b?.billingEmails ?? null };
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
  });
  afterAll(async () => t?.destroy());

  it.each([
    ["billing contacts", { billingEmails: ["thief@example.test"] }],
    ["no billing contacts", { billingEmails: [] }],
    ["currency", { currency: "KWD" as const }],
    ["a new name with billing contacts", { name: "Acme Roasters", billingEmails: ["thief@example.test"] }],
  ])("refuses a designer's %s with FORBIDDEN and keeps what was stored", async (_, change) => {
    const before = await stored();
    const error = await as(asUser(creative))
      .businesses.update({ id: DEMO_BUSINESS.id, ...change })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("FORBIDDEN");
    expect((error as TRPCError).message).toMatch(/Only an admin/);
    expect(await stored()).toEqual(before);
  });

  it("lets a designer rename, and an admin set billing contacts and currency", async () => {
    await as(asUser(creative)).businesses.update({ id: DEMO_BUSINESS.id, name: "Acme Roasters" });
    expect((await stored()).name).toBe("Acme Roasters");
    await as(asUser(admin)).businesses.update({ id: DEMO_BUSINESS.id, billingEmails: ["Books@Acme.test"], currency: "EUR" });
    expect(await stored()).toEqual({ name: "Acme Roasters", currency: "EUR", billingEmails: ["books@acme.test"] });
  });
});
