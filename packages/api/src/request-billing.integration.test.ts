// Requests billed at their service's price on PostgreSQL (docs/services.md, "Billing requests"): a business's projects
// asked as a priced service become one line each, the rush price for a rush; quoted services and another currency's
// stay out; two calls at once bill each request once; deleting the draft frees them; a requests retainer bills the
// requests from its start instead.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, listInvoiceLines, seedDemo } from "@atelier/db";
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

describe("billing requests at their service's price", () => {
  let t: TestDatabase;
  let clock = new Date("2026-11-25T09:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-requests-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now: () => clock, files });
  const studio = () => as(session(admin, null));
  const designer = () => as(session(creative, null));
  const acme = () => as(session(client, DEMO_BUSINESS.id));
  const service = { event: "flyer" as const, currency: "USD" as const, turnaroundDays: 3 };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    ids.flyer = (await designer().services.create({ ...service, name: "A5 flyer", price: 35000, rushDays: 1, rushPrice: 50000 })).id;
    ids.quoted = (await designer().services.create({ ...service, name: "Logo", price: null })).id;
    ids.euro = (await designer().services.create({ ...service, name: "Euro flyer", price: 30000, currency: "EUR" })).id;
    for (const [title, serviceId, rush] of [
      ["Market", ids.flyer, false],
      ["Fair", ids.flyer, true],
      ["Mark", ids.quoted, false],
      ["Abroad", ids.euro, false],
    ] as const) {
      await acme().projects.create({ title, event: "flyer", serviceId, rush, requestId: crypto.randomUUID() });
    }
  });
  afterAll(async () => t?.destroy());

  it("lists the priced requests, a rush at its rush price", async () => {
    const { requests, total } = await studio().invoices.unbilledRequests({ businessId: DEMO_BUSINESS.id });
    expect(requests.map((r) => [r.title, r.serviceName, r.rush, r.price]).sort()).toEqual([
      ["Fair", "A5 flyer", true, 50000],
      ["Market", "A5 flyer", false, 35000],
    ]);
    expect(total).toBe(85000);
    expect(await codeOf(designer().invoices.unbilledRequests({ businessId: DEMO_BUSINESS.id }))).toBe("FORBIDDEN");
    expect(await codeOf(acme().invoices.unbilledRequests({ businessId: DEMO_BUSINESS.id }))).toBe("FORBIDDEN");
  });

  it("bills each request once, however many ask at once; deleting the draft frees them", async () => {
    const ask = () => studio().invoices.fromRequests({ businessId: DEMO_BUSINESS.id, requestId: crypto.randomUUID() });
    const outcomes = await Promise.allSettled([ask(), ask()]);
    const made = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    expect(made).toHaveLength(1);
    expect(await codeOf(Promise.reject((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason))).toBe(
      "PRECONDITION_FAILED",
    );
    const lines = await listInvoiceLines(t.db, made[0]!.id);
    expect(lines.map((l) => [l.description, l.quantity, l.unitAmount]).sort()).toEqual([
      ["A5 flyer (rush): Fair", 1, 50000],
      ["A5 flyer: Market", 1, 35000],
    ]);
    expect((await studio().invoices.unbilledRequests({ businessId: DEMO_BUSINESS.id })).requests).toEqual([]);
    await studio().invoices.deleteDraft({ id: made[0]!.id });
    expect((await studio().invoices.unbilledRequests({ businessId: DEMO_BUSINESS.id })).requests).toHaveLength(2);
  });

  it("leaves the requests a requests retainer covers to its months", async () => {
    clock = new Date("2026-12-02T09:00:00Z");
    await designer().retainers.set({
      businessId: DEMO_BUSINESS.id,
      terms: { unit: "requests", allowance: 5, startsOn: "2026-12-01", rollover: "none", rate: 30000, currency: "USD" },
    });
    await acme().projects.create({ title: "December", event: "flyer", serviceId: ids.flyer!, requestId: crypto.randomUUID() });
    const { requests } = await studio().invoices.unbilledRequests({ businessId: DEMO_BUSINESS.id });
    expect(requests.map((r) => r.title).sort()).toEqual(["Fair", "Market"]);
  });
});
