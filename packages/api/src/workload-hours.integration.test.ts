// Workload in hours on PostgreSQL (docs/workload.md, "Hours"): a project asked as a service with an estimate implies
// its hours, less what was logged on it, over the working days to its due date; each person's weeks show time logged
// and time ahead against the hours a week an admin sets; clients see none of it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
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

describe("workload in hours", () => {
  let t: TestDatabase;
  // Wednesday 25 November 2026.
  const now = () => new Date("2026-11-25T09:00:00Z");
  const files = { store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-hours-")) }), secret: "s".repeat(32), balancerUrl: "" };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now, files });
  const studio = () => as(session(admin, null));
  const designer = () => as(session(creative, null));
  const acme = () => as(session(client, DEMO_BUSINESS.id));

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
  });
  afterAll(async () => t?.destroy());

  it("shows time logged and time ahead by week against each person's hours", async () => {
    const { id: serviceId } = await designer().services.create({
      name: "A5 flyer",
      event: "flyer",
      price: 35000,
      currency: "USD",
      turnaroundDays: 3,
      estimateMinutes: 600,
    });
    const { id: projectId } = await acme().projects.create({ title: "Market", event: "flyer", serviceId, requestId: crypto.randomUUID() });
    await designer().projects.assign({ id: projectId, assigneeId: creative.id });
    await designer().time.add({ projectId, day: "2026-11-25", minutes: 120, requestId: crypto.randomUUID() });
    await studio().workload.setCapacity({ userId: creative.id, minutes: 420 });

    const { weeks, thisWeek, people } = await designer().workload.hours();
    expect(weeks).toEqual(["2026-11-16", "2026-11-23", "2026-11-30", "2026-12-07"]);
    expect(thisWeek).toBe("2026-11-23");
    const dora = people.find((p) => p.personId === creative.id)!;
    expect(dora.capacity).toBe(420);
    // Due Monday 30: 480 minutes left over Wed, Thu, Fri and Mon, 120 a day.
    expect(dora.weeks.map((w) => [w.week, w.logged, w.implied, w.over])).toEqual([
      ["2026-11-16", 0, 0, 0],
      ["2026-11-23", 120, 360, 60],
      ["2026-11-30", 0, 120, 0],
      ["2026-12-07", 0, 0, 0],
    ]);
    expect(people.find((p) => p.personId === admin.id)?.weeks.every((w) => w.logged === 0 && w.implied === 0)).toBe(true);
  });

  it("lets only an admin set a studio person's hours, and no client read them", async () => {
    expect(await codeOf(designer().workload.setCapacity({ userId: creative.id, minutes: 600 }))).toBe("FORBIDDEN");
    expect(await codeOf(studio().workload.setCapacity({ userId: client.id, minutes: 600 }))).toBe("NOT_FOUND");
    expect(await codeOf(studio().workload.setCapacity({ userId: creative.id, minutes: 7 * 24 * 60 + 1 }))).toBe("BAD_REQUEST");
    expect(await codeOf(acme().workload.hours())).toBe("FORBIDDEN");
  });
});
