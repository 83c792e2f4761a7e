// Private calendar feeds on real PostgreSQL: the address given once, the dates each person is involved in, and an
// address refused at once when replaced, revoked, or its person deactivated.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, type Db } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCalendarFeedHandler, createCaller } from "./index";
import { codeOf } from "./testing/code-of";

/** Each event of an iCalendar text as its properties (lines unfolded, parameters dropped). */
function events(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, "").split(/\r\n/);
  const out: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      out.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(":");
      current[line.slice(0, colon).split(";")[0] ?? ""] = line.slice(colon + 1);
    }
  }
  return out;
}

describe("private calendar feeds", () => {
  let t: TestDatabase;
  let db: Db;
  const clock = new Date("2026-11-10T09:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-calendar-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const appUrl = "https://studio.example";
  // The outbox with no SMTP server writes to the dev mailbox: nothing here is about mail, but projects made with mail
  // set up write their notices as they would in the product.
  let outbox: Outbox;
  const mail = () => ({ outbox, appUrl, digestWindowMs: 1000, signInLink: async () => "" });
  const as = (user: SessionUser) => createCaller({ db, user, now: () => clock, files, mail: mail() });
  const feed = (url: string) => {
    const handler = createCalendarFeedHandler({ db, appUrl, now: () => clock });
    const token = url.slice(`${appUrl}/api/calendar/`.length);
    return handler(new Request(url), token);
  };
  const session = (u: { id: string; name: string | null; email: string | null; role: SessionUser["role"]; businessId: string | null }) => ({
    id: u.id,
    name: u.name,
    email: u.email ?? "",
    role: u.role,
    businessId: u.businessId,
    image: null,
    emailNotification: true,
  });
  let admin: SessionUser;
  let dora: SessionUser;
  let acmeClient: SessionUser;
  let globexClient: SessionUser;

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
    outbox = createOutbox({ db, transport: createMailer({ from: "studio@atelier.test", db, log: () => {} }) });
    await createBusiness(db, { id: "acme", name: "Acme" });
    await createBusiness(db, { id: "globex", name: "Globex" });
    admin = session(await makeUser(db, { role: "admin", name: "Ada" }));
    dora = session(await makeUser(db, { role: "creative", name: "Dora" }));
    acmeClient = session(await makeUser(db, { role: "client", businessId: "acme" }));
    globexClient = session(await makeUser(db, { role: "client", businessId: "globex" }));
    const studio = as(admin);
    const poster = await studio.projects.create({
      title: "Poster </script> 東京",
      event: "poster",
      businessId: "acme",
      dueOn: "2026-12-01",
    });
    await studio.projects.assign({ id: poster.id, assigneeId: dora.id });
    await studio.projects.create({ title: "Menu", event: "print", businessId: "globex", dueOn: "2026-12-02" });
    await studio.projects.create({ title: "Undated", event: "print", businessId: "acme" });
    const old = await studio.projects.create({ title: "Long ago", event: "print", businessId: "acme", dueOn: "2026-11-09" });
    await db.updateTable("projects").set({ dueOn: "2026-01-05" }).where("id", "=", old.id).execute();
    const shelved = await studio.projects.create({ title: "Shelved", event: "print", businessId: "acme", dueOn: "2026-12-03" });
    await studio.projects.setArchived({ id: shelved.id, archived: true });
    await db
      .insertInto("proofs")
      .values([
        {
          id: "round-1",
          projectId: poster.id,
          round: 1,
          note: null,
          dueOn: "2026-11-20",
          status: "superseded",
          sentBy: admin.id,
          commentId: null,
        },
        {
          id: "round-2",
          projectId: poster.id,
          round: 2,
          note: null,
          dueOn: "2026-11-25",
          status: "sent",
          sentBy: admin.id,
          commentId: null,
        },
      ])
      .execute();
    // Step 2 of the open round has a day of its own; the replaced round's step waits for no one.
    await db
      .insertInto("proofStepDeadlines")
      .values([
        { proofId: "round-2", step: 2, dueOn: "2026-11-27" },
        { proofId: "round-1", step: 2, dueOn: "2026-11-22" },
      ])
      .execute();
  });
  afterAll(async () => t?.destroy());

  it("gives each person the dates they are involved in, as all-day events linking to the project", async () => {
    const summaries = async (user: SessionUser) => {
      const { url } = await as(user).calendar.createFeed();
      const res = await feed(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(res.headers.get("cache-control")).toContain("no-store");
      return events(await res.text());
    };
    const acme = await summaries(acmeClient);
    expect(acme.map((e) => e.SUMMARY).sort()).toEqual([
      "Decision due: round 2 of Poster </script> 東京",
      "Due: Poster </script> 東京",
      "Step 2 due: round 2 of Poster </script> 東京",
    ]);
    const step = acme.find((e) => e.SUMMARY?.startsWith("Step 2"))!;
    expect(step.DTSTART).toBe("20261127");
    expect(step.URL).toMatch(new RegExp(`^${appUrl}/projects/[^/]+#round-2$`));
    const due = acme.find((e) => e.SUMMARY?.startsWith("Due:"))!;
    expect(due.DTSTART).toBe("20261201");
    expect(due.URL).toMatch(new RegExp(`^${appUrl}/projects/[^/]+$`));
    expect((await summaries(globexClient)).map((e) => e.SUMMARY)).toEqual(["Due: Menu"]);
    expect((await summaries(dora)).map((e) => e.SUMMARY).sort()).toEqual([
      "Decision due: round 2 of Poster </script> 東京",
      "Due: Poster </script> 東京",
      "Step 2 due: round 2 of Poster </script> 東京",
    ]);
    expect((await summaries(admin)).map((e) => e.SUMMARY).sort()).toEqual([
      "Decision due: round 2 of Poster </script> 東京",
      "Due: Menu",
      "Due: Poster </script> 東京",
      "Step 2 due: round 2 of Poster </script> 東京",
    ]);
  });

  it("answers the address once; a new one, a revocation or a deactivation refuses the old at once", async () => {
    const caller = as(acmeClient);
    const { url: first } = await caller.calendar.createFeed();
    expect(first).toMatch(new RegExp(`^${appUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await caller.calendar.feed()).toMatchObject({ active: true, lastReadAt: null });
    expect((await feed(first)).status).toBe(200);
    expect(await caller.calendar.feed()).toMatchObject({ active: true, lastReadAt: clock });
    // The state never holds the address.
    expect(JSON.stringify(await caller.calendar.feed())).not.toContain(first.split("/").pop()!.slice(0, 43));

    const { url: second } = await caller.calendar.createFeed();
    expect(second).not.toBe(first);
    expect((await feed(first)).status).toBe(404);
    expect((await feed(second)).status).toBe(200);

    expect(await caller.calendar.revokeFeed()).toEqual({ revoked: true });
    expect(await caller.calendar.feed()).toEqual({ active: false });
    expect((await feed(second)).status).toBe(404);
    expect(await caller.calendar.revokeFeed()).toEqual({ revoked: false });

    const { url: third } = await caller.calendar.createFeed();
    await db.updateTable("users").set({ deactivatedAt: clock }).where("id", "=", acmeClient.id).execute();
    expect((await feed(third)).status).toBe(404);
    await db.updateTable("users").set({ deactivatedAt: null }).where("id", "=", acmeClient.id).execute();
  });

  it("refuses made-up addresses, and callers without a session", async () => {
    for (const token of ["", "x", "a".repeat(43), `${"a".repeat(43)}.ics`, "../../etc/passwd", "%00"]) {
      expect((await createCalendarFeedHandler({ db, appUrl })(new Request(`${appUrl}/api/calendar/x`), token)).status).toBe(404);
    }
    const anonymous = createCaller({ db, user: null, now: () => clock, files, mail: mail() });
    expect(await codeOf(anonymous.calendar.createFeed())).toBe("UNAUTHORIZED");
    expect(await codeOf(anonymous.calendar.feed())).toBe("UNAUTHORIZED");
  });
});
