// The service catalogue on PostgreSQL (docs/services.md): staff write services shown to all or to some, order and
// archive them; a client lists what its business is offered and starts a project as a service, due its turnaround
// in the studio's working days (weekends and days off skipped, in the studio's zone), a later day if asked, never a
// sooner one but as a rush; an archived service stays on the projects that name it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, DEMO_BUSINESS, DEMO_USERS, findProject, seedDemo, setUserBusiness } from "@atelier/db";
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

describe("the service catalogue", () => {
  let t: TestDatabase;
  // Wednesday 25 November 2026, 16:00 in Brussels.
  const now = () => new Date("2026-11-25T15:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-services-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now, files });
  const studio = () => as(session(admin, null));
  const designer = () => as(session(creative, null));
  const acme = () => as(session(client, DEMO_BUSINESS.id));
  const globex = () => as(session({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }, "globex"));
  const flyer = {
    name: "A5 flyer",
    description: "Two sides, print-ready PDF.",
    event: "flyer" as const,
    price: 35000,
    currency: "EUR" as const,
    rounds: 2,
    turnaroundDays: 3,
    rushDays: 1,
    rushPrice: 50000,
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    await createBusiness(t.db, { id: "globex", name: "Globex" });
    await t.db.insertInto("users").values({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }).execute();
    await setUserBusiness(t.db, "globex-client", "globex");
    await designer().services.saveCalendar({ timeZone: "Europe/Brussels", daysOff: [{ day: "2026-11-27", label: "Studio outing" }] });
  });
  afterAll(async () => t?.destroy());

  it("offers a service to all, another to one business only, in the studio's order; clients cannot write them", async () => {
    const all = await designer().services.create(flyer);
    const logo = await designer().services.create({
      ...flyer,
      name: "Logo",
      event: "branding",
      price: null,
      turnaroundDays: 5,
      rushDays: null,
      rushPrice: null,
      forAll: false,
      businessIds: [DEMO_BUSINESS.id],
    });
    await designer().services.reorder({ ids: [logo.id, all.id] });
    expect((await acme().services.list()).map((s) => s.name)).toEqual(["Logo", "A5 flyer"]);
    expect((await globex().services.list()).map((s) => s.name)).toEqual(["A5 flyer"]);
    // Whom else a service is shown to is the studio's to know.
    expect((await acme().services.list())[0]?.businessIds).toEqual([]);
    expect((await studio().services.list())[0]?.businessIds).toEqual([DEMO_BUSINESS.id]);
    expect(await codeOf(globex().services.quote({ serviceId: logo.id }))).toBe("NOT_FOUND");
    expect(await codeOf(acme().services.create(flyer))).toBe("FORBIDDEN");
    expect(await codeOf(designer().services.reorder({ ids: [all.id] }))).toBe("CONFLICT");
    expect(await codeOf(designer().services.create({ ...flyer, rushDays: 3 }))).toBe("BAD_REQUEST");
    expect(await codeOf(designer().services.create({ ...flyer, forAll: false, businessIds: [] }))).toBe("BAD_REQUEST");
  });

  it("starts a project as a service, due three working days on, weekend and day off skipped", async () => {
    const [service] = (await acme().services.list()).filter((s) => s.name === "A5 flyer");
    // Wednesday: Thursday is one, Friday the studio's day off, then Monday and Tuesday.
    expect(await acme().services.quote({ serviceId: service!.id })).toMatchObject({
      dueOn: "2026-12-01",
      price: 35000,
      rush: false,
    });
    expect(await acme().services.quote({ serviceId: service!.id, rush: true })).toMatchObject({
      dueOn: "2026-11-26",
      price: 50000,
      rush: true,
    });
    const { id } = await acme().projects.create({ title: "Winter fair flyer", serviceId: service!.id, event: "other" });
    expect(await findProject(t.db, id)).toMatchObject({ event: "flyer", dueOn: "2026-12-01", serviceId: service!.id, rush: false });

    // A later day may be asked for; a sooner one only as the rush.
    const later = await acme().projects.create({ title: "Spring fair flyer", serviceId: service!.id, event: "other", dueOn: "2026-12-10" });
    expect((await findProject(t.db, later.id))?.dueOn).toBe("2026-12-10");
    const sooner = acme().projects.create({ title: "Too soon", serviceId: service!.id, event: "other", dueOn: "2026-11-30" });
    expect(await codeOf(sooner)).toBe("BAD_REQUEST");
    const rush = await acme().projects.create({ title: "Rush flyer", serviceId: service!.id, event: "other", rush: true });
    expect(await findProject(t.db, rush.id)).toMatchObject({ dueOn: "2026-11-26", rush: true });
    // Without a service, a client still does not set a date.
    expect(await codeOf(acme().projects.create({ title: "Plain", event: "flyer", dueOn: "2026-12-10" }))).toBe("FORBIDDEN");
  });

  it("keeps an archived service on its projects, and offers it no more", async () => {
    const [service] = (await acme().services.list()).filter((s) => s.name === "A5 flyer");
    const { id } = await acme().projects.create({ title: "Last flyer", serviceId: service!.id, event: "other" });
    await designer().services.setArchived({ id: service!.id, archived: true });
    expect((await acme().services.list()).map((s) => s.name)).toEqual(["Logo"]);
    expect((await studio().services.list({ archived: true })).map((s) => s.name)).toContain("A5 flyer");
    expect(await codeOf(acme().projects.create({ title: "One more", serviceId: service!.id, event: "other" }))).toBe("NOT_FOUND");
    expect((await findProject(t.db, id))?.serviceId).toBe(service!.id);
  });

  it("bills a person's time on a service's projects at their rate for it, set by an admin only", async () => {
    const [logo] = (await acme().services.list()).filter((s) => s.name === "Logo");
    const { id: projectId } = await acme().projects.create({ title: "New mark", serviceId: logo!.id, event: "other" });
    const { id: plainId } = await acme().projects.create({ title: "Plain poster", event: "poster" });
    await studio().time.setRate({ userId: creative.id, rate: 6000 });
    expect(await codeOf(designer().services.setRate({ serviceId: logo!.id, userId: creative.id, rate: 9000 }))).toBe("FORBIDDEN");
    expect(await codeOf(studio().services.setRate({ serviceId: logo!.id, userId: client.id, rate: 9000 }))).toBe("NOT_FOUND");
    await studio().services.setRate({ serviceId: logo!.id, userId: creative.id, rate: 9000 });
    const rates = await studio().services.rates({ serviceId: logo!.id });
    expect(rates.find((r) => r.userId === creative.id)).toMatchObject({ hourlyRate: 6000, serviceRate: 9000 });
    await designer().time.add({ projectId, day: "2026-11-25", minutes: 60 });
    await designer().time.add({ projectId: plainId, day: "2026-11-25", minutes: 60 });
    const entries = await t.db.selectFrom("timeEntries").select(["projectId", "rate"]).where("userId", "=", creative.id).execute();
    expect(Object.fromEntries(entries.map((e) => [e.projectId, e.rate]))).toEqual({ [projectId]: 9000, [plainId]: 6000 });
    // Removed, the person's own rate applies again.
    await studio().services.setRate({ serviceId: logo!.id, userId: creative.id, rate: null });
    expect((await studio().services.rates({ serviceId: logo!.id })).find((r) => r.userId === creative.id)?.serviceRate).toBeNull();
  });
});
