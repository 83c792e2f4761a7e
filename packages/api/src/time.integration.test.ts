// Time on projects on PostgreSQL (docs/time.md): one timer a person, stopped into whole minutes; time added by hand;
// a week of it; and a business's billable time made into a draft whose total matches the entries, each entry billed
// once however many ask at the same moment, set free again when the draft is deleted.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import { invoiceTotals, type SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

const [admin, creative, client] = DEMO_USERS;
const asUser = (u: (typeof DEMO_USERS)[number], businessId: string | null, timeZone = "Europe/Brussels"): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
  timeZone,
});

describe("time on projects", () => {
  let t: TestDatabase;
  let clock = new Date("2026-11-23T08:00:00Z");
  const files = { store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-time-")) }), secret: "s".repeat(32), balancerUrl: "" };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now: () => clock, files });
  const studio = () => as(asUser(admin, null));
  const designer = () => as(asUser(creative, null));
  let poster: string;
  let menu: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    await createBusiness(t.db, { id: "globex", name: "Globex" });
    poster = (await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Spring poster", createdBy: client.id, createdAt: clock })).id;
    menu = (await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Winter menu", createdBy: client.id, createdAt: clock })).id;
  });
  afterAll(async () => t?.destroy());

  it("runs one timer a person: starting another stops the first, stopping counts whole minutes", async () => {
    await studio().time.setRate({ userId: creative.id, rate: 6000 });
    await designer().time.start({ projectId: poster });
    expect((await designer().time.running())?.projectTitle).toBe("Spring poster");
    clock = new Date("2026-11-23T09:30:20Z");
    await designer().time.start({ projectId: menu });
    expect((await designer().time.running())?.projectTitle).toBe("Winter menu");
    clock = new Date("2026-11-23T10:15:00Z");
    expect(await designer().time.stop()).toMatchObject({ minutes: 45 });
    expect(await designer().time.running()).toBeNull();
    expect(await designer().time.stop()).toBeNull();

    const week = await designer().time.week({ day: "2026-11-25" });
    expect(week.monday).toBe("2026-11-23");
    expect(week.days[0]?.entries.map((e) => [e.projectTitle, e.minutes, e.rate])).toEqual([
      ["Spring poster", 90, 6000],
      ["Winter menu", 45, 6000],
    ]);
    expect(week.minutes).toBe(135);
  });

  it("refuses time it cannot take, in plain words, and keeps a person's time their own", async () => {
    expect(await codeOf(designer().time.add({ projectId: poster, day: "2026-11-24", minutes: 0 }))).toBe("BAD_REQUEST");
    expect(await codeOf(designer().time.add({ projectId: poster, day: "2026-11-24", minutes: 1441 }))).toBe("BAD_REQUEST");
    expect(await codeOf(designer().time.add({ projectId: "no-such-project", day: "2026-11-24", minutes: 30 }))).toBe("NOT_FOUND");
    const { id } = await studio().time.add({ projectId: poster, day: "2026-11-24", minutes: 30, note: "Admin's own" });
    // A designer neither changes nor sees an admin's entry, nor another person's week, nor rates.
    expect(await codeOf(designer().time.update({ id, note: "mine now" }))).toBe("NOT_FOUND");
    expect(await codeOf(designer().time.delete({ id }))).toBe("NOT_FOUND");
    expect(await codeOf(designer().time.week({ day: "2026-11-24", userId: admin.id }))).toBe("FORBIDDEN");
    expect(await codeOf(designer().time.setRate({ userId: creative.id, rate: 1 }))).toBe("FORBIDDEN");
    const mine = await designer().time.add({ projectId: poster, day: "2026-11-24", minutes: 30 });
    expect(await codeOf(designer().time.update({ id: mine.id, rate: 1 }))).toBe("FORBIDDEN");
    await studio().time.delete({ id });
    // A client has no time at all.
    const customer = as(asUser(client, DEMO_BUSINESS.id));
    expect(await codeOf(customer.time.running())).toBe("FORBIDDEN");
    expect(await codeOf(customer.time.unbilled({ businessId: DEMO_BUSINESS.id }))).toBe("FORBIDDEN");
  });

  it("makes a business's billable time a draft whose total is the entries', and bills each entry once", async () => {
    await designer().time.add({ projectId: menu, day: "2026-11-25", minutes: 20, note: "Sketches" });
    await designer().time.add({ projectId: menu, day: "2026-11-26", minutes: 20 });
    await designer().time.add({ projectId: menu, day: "2026-11-27", minutes: 20 });
    await designer().time.add({ projectId: poster, day: "2026-11-27", minutes: 60, billable: false });
    const unbilled = await studio().time.unbilled({ businessId: DEMO_BUSINESS.id });
    // 90 + 45 + 30 on Monday and Tuesday, then three times 20: 225 minutes at 60.00 an hour.
    expect(unbilled).toMatchObject({ minutes: 225, amount: 22500, unrated: [] });

    // Two admins at once: one draft bills everything, the other finds nothing left.
    const results = await Promise.allSettled([
      studio().invoices.fromTime({ businessId: DEMO_BUSINESS.id }),
      studio().invoices.fromTime({ businessId: DEMO_BUSINESS.id }),
    ]);
    const made = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(made).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(await codeOf(Promise.reject((refused as PromiseRejectedResult).reason))).toBe("PRECONDITION_FAILED");
    const lines = await studio().invoices.lines({ id: made[0]!.id });
    expect(lines.map((l) => [l.description, l.unitAmount])).toEqual([
      ["Spring poster: Dora Designer, 2 h at $60.00 an hour", 12000],
      ["Winter menu: Dora Designer, 1 h 45 min at $60.00 an hour", 10500],
    ]);
    expect(invoiceTotals(lines).total).toBe(22500);
    expect(made[0]!.entries).toBe(6);

    // Billed time is held: not changed, not deleted, not billed again.
    const billed = (await designer().time.week({ day: "2026-11-25" })).days[2]!.entries[0]!;
    expect(billed.invoiceId).toBe(made[0]!.id);
    expect(await codeOf(designer().time.update({ id: billed.id, note: "later" }))).toBe("PRECONDITION_FAILED");
    expect(await codeOf(designer().time.delete({ id: billed.id }))).toBe("PRECONDITION_FAILED");
    expect((await studio().time.unbilled({ businessId: DEMO_BUSINESS.id })).minutes).toBe(0);

    // Deleting the draft sets the time free, to be billed again, one line per entry this time.
    await studio().invoices.deleteDraft({ id: made[0]!.id });
    expect((await studio().time.unbilled({ businessId: DEMO_BUSINESS.id })).minutes).toBe(225);
    const again = await studio().invoices.fromTime({ businessId: DEMO_BUSINESS.id, grouping: "entry" });
    const perEntry = await studio().invoices.lines({ id: again.id });
    expect(perEntry).toHaveLength(6);
    expect(perEntry.find((l) => l.description.includes("Sketches"))?.description).toBe(
      "Winter menu: Dora Designer, 2026-11-25, 20 min at $60.00 an hour (Sketches)",
    );
    expect(invoiceTotals(perEntry).total).toBe(22500);
  });

  it("refuses to bill time of someone without a rate, naming them, and bills nothing of another business", async () => {
    const { id } = await studio().time.add({ projectId: poster, day: "2026-11-28", minutes: 30 });
    const refused = studio().invoices.fromTime({ businessId: DEMO_BUSINESS.id, entryIds: [id] });
    expect(await codeOf(refused)).toBe("PRECONDITION_FAILED");
    await expect(studio().invoices.fromTime({ businessId: DEMO_BUSINESS.id, entryIds: [id] })).rejects.toThrow(/Ada Admin/);
    expect(await codeOf(studio().invoices.fromTime({ businessId: "globex", entryIds: [id] }))).toBe("PRECONDITION_FAILED");
    expect((await studio().time.unbilled({ businessId: "globex" })).entries).toEqual([]);
  });
});
