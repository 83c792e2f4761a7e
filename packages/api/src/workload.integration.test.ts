// The workload plan on real PostgreSQL: each designer's active projects, the overdue ones and the rounds of changes.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, createComment, type Db } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

describe("the workload plan", () => {
  let t: TestDatabase;
  let db: Db;
  let clock = new Date("2026-11-10T09:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-workload-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (user: SessionUser) => createCaller({ db, user, now: () => clock, files });
  const session = (u: { id: string; name: string | null; email: string | null; role: SessionUser["role"]; businessId: string | null }) => ({
    id: u.id,
    name: u.name,
    email: u.email ?? "",
    role: u.role,
    businessId: u.businessId,
    image: null,
    emailNotification: true,
  });

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
  });
  afterAll(async () => t?.destroy());

  it("plans each designer's projects from their threads, and is the studio's only", async () => {
    await createBusiness(db, { id: "acme", name: "Acme" });
    const admin = session(await makeUser(db, { role: "admin", name: "Ada" }));
    const dora = session(await makeUser(db, { role: "creative", name: "Dora" }));
    const client = session(await makeUser(db, { role: "client", businessId: "acme" }));
    const gone = session(await makeUser(db, { role: "creative", name: "Gone" }));
    const studio = as(admin);
    const poster = await studio.projects.create({ title: "Poster", event: "poster", businessId: "acme" });
    const menu = await studio.projects.create({ title: "Menu", event: "print", businessId: "acme" });
    const sign = await studio.projects.create({ title: "Sign", event: "print", businessId: "acme" });
    const card = await studio.projects.create({ title: "Card", event: "print", businessId: "acme" });
    await studio.projects.assign({ id: poster.id, assigneeId: dora.id });
    await studio.projects.assign({ id: menu.id, assigneeId: dora.id });
    await studio.projects.assign({ id: sign.id, assigneeId: gone.id });
    await db.updateTable("users").set({ deactivatedAt: new Date() }).where("id", "=", gone.id).execute();
    await studio.projects.setArchived({ id: card.id, archived: true });
    // The poster: two rounds of changes, the last one fresh; the menu: approved long ago. (The events as the
    // proofs' actions write them into the thread.)
    const say = (userId: string, projectId: string, body: string, event: "modification" | "approved") =>
      createComment(db, { id: randomUUID(), projectId, userId, event, body, parentId: null, createdAt: clock });
    await say(client.id, poster.id, "Bigger", "modification");
    await say(client.id, menu.id, "Done", "approved");
    clock = new Date("2026-11-24T09:00:00Z");
    await say(client.id, poster.id, "Bigger still", "modification");
    await as(dora).comments.create({ projectId: poster.id, body: "On it", event: "shadow" });
    clock = new Date("2026-11-25T09:00:00Z");

    const plan = await as(dora).workload.plan();
    expect(plan.people.map((p) => [p.person?.name, p.active, p.overdue, p.inChanges])).toEqual([
      ["Ada", 0, 0, 0],
      ["Dora", 2, 0, 1],
    ]);
    const doras = plan.people.find((p) => p.person?.id === dora.id)!;
    expect(doras.projects.map((p) => [p.title, p.stage, p.changeRounds, p.overdue])).toEqual([
      ["Poster", "modification", 2, false],
      ["Menu", "approved", 0, false],
    ]);
    // A deactivated designer's projects wait for someone; the sign has waited since the 10th.
    expect(plan.unassigned.projects.map((p) => [p.title, p.stage, p.overdue])).toEqual([["Sign", "new", true]]);

    expect(await codeOf(as(client).workload.plan())).toBe("FORBIDDEN");
    // Nobody hands new work to someone deactivated.
    expect(await codeOf(studio.projects.assign({ id: sign.id, assigneeId: gone.id }))).toBe("BAD_REQUEST");
  });
});
