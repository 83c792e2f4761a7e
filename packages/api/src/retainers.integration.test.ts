// Retainers on PostgreSQL (docs/retainers.md): the studio sets a business's monthly allowance; projects started (or
// billable hours logged) use it; the business sees what is left, never another's; the studio sees who is over; a month
// is billed once, its fee and what went over at the agreed rate, however many ask at once, and again after its draft
// is deleted; an hours retainer's time is billed with its months, not again as time.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, DEMO_BUSINESS, DEMO_USERS, listInvoiceLines, seedDemo, setUserBusiness } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

const [admin, creative, client] = DEMO_USERS;
const session = (u: { id: string; name: string; email: string; role: SessionUser["role"] }, businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});

describe("retainers", () => {
  let t: TestDatabase;
  // Wednesday 25 November 2026.
  const now = () => new Date("2026-11-25T15:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-retainers-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now, files });
  const studio = () => as(session(admin, null));
  const designer = () => as(session(creative, null));
  const acme = () => as(session(client, DEMO_BUSINESS.id));
  const globex = () => as(session({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }, "globex"));
  const requests = {
    unit: "requests" as const,
    allowance: 2,
    startsOn: "2026-11-01",
    rollover: "none" as const,
    rate: 35000,
    monthlyFee: 100000,
    currency: "USD" as const,
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    await createBusiness(t.db, { id: "globex", name: "Globex" });
    await t.db.insertInto("users").values({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }).execute();
    await setUserBusiness(t.db, "globex-client", "globex");
  });
  afterAll(async () => t?.destroy());

  it("counts the month's requests against the allowance; the business sees its own, the studio who is over", async () => {
    expect(await codeOf(acme().retainers.set({ businessId: DEMO_BUSINESS.id, terms: requests }))).toBe("FORBIDDEN");
    expect(await codeOf(designer().retainers.set({ businessId: DEMO_BUSINESS.id, terms: { ...requests, currency: "EUR" } }))).toBe(
      "BAD_REQUEST",
    );
    await designer().retainers.set({ businessId: DEMO_BUSINESS.id, terms: requests });
    expect((await acme().retainers.get({ businessId: DEMO_BUSINESS.id }))?.current).toMatchObject({ used: 0, left: 2, over: 0 });
    for (const title of ["One", "Two", "Three"]) await acme().projects.create({ title, event: "flyer", requestId: crypto.randomUUID() });
    const mine = await acme().retainers.get({ businessId: DEMO_BUSINESS.id });
    expect(mine?.current).toMatchObject({ month: "2026-11", available: 2, used: 3, left: 0, over: 1 });
    expect(mine?.months.map((m) => m.invoiceId)).toEqual([null]);
    expect(await codeOf(globex().retainers.get({ businessId: DEMO_BUSINESS.id }))).toBe("NOT_FOUND");
    expect(await globex().retainers.get({ businessId: "globex" })).toBeNull();
    const overview = await designer().retainers.overview();
    expect(overview.map((r) => [r.businessName, r.current?.over])).toEqual([["Acme Coffee", 1]]);
    expect(await codeOf(acme().retainers.overview())).toBe("FORBIDDEN");
  });

  it("bills a month once, its fee and the requests over, however many ask at once; deleting the draft frees it", async () => {
    const ask = () => studio().invoices.fromRetainer({ businessId: DEMO_BUSINESS.id, month: "2026-11", requestId: crypto.randomUUID() });
    const outcomes = await Promise.allSettled([ask(), ask(), ask()]);
    const made = outcomes.filter((o) => o.status === "fulfilled");
    expect(made).toHaveLength(1);
    expect(await Promise.all(outcomes.filter((o) => o.status === "rejected").map((o) => codeOf(Promise.reject(o.reason))))).toEqual([
      "CONFLICT",
      "CONFLICT",
    ]);
    const { id } = (made[0] as PromiseFulfilledResult<{ id: string }>).value;
    const lines = await listInvoiceLines(t.db, id);
    expect(lines.map((l) => [l.description, l.quantity, l.unitAmount])).toEqual([
      ["Retainer, November 2026: 2 requests a month", 1, 100000],
      ["Requests over the retainer, November 2026, at $350.00 each", 1, 35000],
    ]);
    expect((await studio().retainers.get({ businessId: DEMO_BUSINESS.id }))?.months[0]?.invoiceId).toBe(id);
    expect((await acme().retainers.get({ businessId: DEMO_BUSINESS.id }))?.months[0]?.invoiceId).toBeNull();
    await studio().invoices.deleteDraft({ id });
    const again = await ask();
    expect(again.id).not.toBe(id);
    await studio().invoices.deleteDraft({ id: again.id });
    // Before the retainer started there is nothing to bill; designers do not bill.
    expect(
      await codeOf(studio().invoices.fromRetainer({ businessId: DEMO_BUSINESS.id, month: "2026-10", requestId: crypto.randomUUID() })),
    ).toBe("PRECONDITION_FAILED");
    expect(
      await codeOf(designer().invoices.fromRetainer({ businessId: DEMO_BUSINESS.id, month: "2026-11", requestId: crypto.randomUUID() })),
    ).toBe("FORBIDDEN");
  });

  it("bills an hours retainer's month with its time, which is then no longer billed as time", async () => {
    const { id: projectId } = await acme().projects.create({ title: "Hours", event: "flyer", requestId: crypto.randomUUID() });
    await studio().time.setRate({ userId: creative.id, rate: 9000 });
    await designer().retainers.set({
      businessId: DEMO_BUSINESS.id,
      terms: { ...requests, unit: "hours", allowance: 60, rate: 12000, monthlyFee: 0 },
    });
    // October's time is before the retainer; November's 1 h 30 min is 30 min over the hour.
    await designer().time.add({ projectId, day: "2026-10-20", minutes: 45, requestId: crypto.randomUUID() });
    await designer().time.add({ projectId, day: "2026-11-20", minutes: 60, requestId: crypto.randomUUID() });
    await designer().time.add({ projectId, day: "2026-11-23", minutes: 30, requestId: crypto.randomUUID() });
    expect((await acme().retainers.get({ businessId: DEMO_BUSINESS.id }))?.current).toMatchObject({ used: 90, left: 0, over: 30 });
    const bill = await studio().invoices.fromRetainer({ businessId: DEMO_BUSINESS.id, month: "2026-11", requestId: crypto.randomUUID() });
    expect(bill.entries).toBe(2);
    expect((await listInvoiceLines(t.db, bill.id)).map((l) => [l.description, l.unitAmount])).toEqual([
      ["30 min over the retainer, November 2026, at $120.00 an hour", 6000],
    ]);
    // Only October's 45 minutes are left to bill as time, at the designer's rate.
    const time = await studio().invoices.fromTime({ businessId: DEMO_BUSINESS.id, requestId: crypto.randomUUID() });
    expect(time.entries).toBe(1);
    expect((await listInvoiceLines(t.db, time.id)).reduce((sum, l) => sum + l.unitAmount, 0)).toBe(6750);
    await designer().retainers.set({ businessId: DEMO_BUSINESS.id, terms: null });
    expect(await acme().retainers.get({ businessId: DEMO_BUSINESS.id })).toBeNull();
  });
});
