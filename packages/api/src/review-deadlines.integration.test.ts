// Review deadlines (docs/approval-chains.md, "Deadlines") on real PostgreSQL, the real outbox and SMTP sink and real
// upload servers: reminders go the day before and on the day, in each person's zone, once per person and day even
// when two web instances run the pass at the same moment; only who still owes a decision is reminded (the current
// step's approvers, or the client's people on a round without approvers); a round that locks refuses decisions once
// its deadline passed until the studio moves it; Workload and the audit trail show the deadlines and the reminders.
import { createDb, type Db, DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import { deadlineLabel, type SessionUser } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { mailSubject, type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { createProofAuditHandler } from "./proof-audit";
import { remindReviewDeadlines } from "./review-deadlines";
import { codeOf } from "./testing/code-of";
import { sendRoundOfOneFile } from "./testing/rounds";
import { sessionOf } from "./testing/sessions";

const [admin, creative, client] = DEMO_USERS;
const secret = "review-deadlines-test-secret-0123456789";
const appUrl = "http://app.test";
const studio = () => sessionOf(creative, null);
const boss = () => sessionOf(admin, null);
const acme = () => sessionOf(client, DEMO_BUSINESS.id);

describe("review deadlines", () => {
  let t: TestDatabase;
  let other: Db;
  let uploads: UploadServers;
  let smtp: SmtpSink;
  let outbox: Outbox;
  let tokyo: SessionUser;
  const mail = {
    get outbox() {
      return outbox;
    },
    appUrl,
    digestWindowMs: 60 * 60_000,
    signInLink: async () => `${appUrl}/sign-in`,
  };
  /** The upload servers check tickets against the real clock; decisions may be made at another moment. */
  const as = (user: SessionUser, now: () => Date = () => new Date()) =>
    createCaller({ db: t.db, user, now, files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl }, mail });
  const round = (title: string, dueOn?: string) =>
    sendRoundOfOneFile({ client: as(acme()), studio: as(studio()) }, title, dueOn ? { dueOn } : {});
  /** One reminder pass on each of two web instances (two pools on one database), at the same moment. */
  const passOnTwoInstances = async (now: Date) => {
    const counts = await Promise.all([t.db, other].map((db) => remindReviewDeadlines(db, { outbox, appUrl, now })));
    return counts[0]! + counts[1]!;
  };
  const remindersTo = (email: string, proofId: string) =>
    t.db.selectFrom("reviewReminders").selectAll().where("email", "=", email).where("proofId", "=", proofId).orderBy("day").execute();
  /** The reminders written for `email` about `project` (one person is reminded of other tests' rounds too). */
  const outboxTo = (email: string, project: string) =>
    t.db
      .selectFrom("outbox")
      .select(["subject", "text"])
      .where("kind", "=", "review-reminder")
      .where("to", "=", email)
      .where("subject", "like", `% of ${project} is waiting %`)
      .orderBy("createdAt")
      .execute();

  beforeAll(async () => {
    [t, uploads, smtp] = await Promise.all([createTestDatabase(), startUploadServers(secret), startSmtpSink()]);
    other = await createDb({ databaseUrl: t.url });
    outbox = createOutbox({ db: t.db, transport: createMailer({ smtpUrl: smtp.url, from: "studio@atelier.test", db: t.db }) });
    outbox.start();
    await seedDemo(t.db);
    await t.db.updateTable("users").set({ timeZone: "America/Los_Angeles" }).where("id", "=", client.id).execute();
    const m = await makeUser(t.db, {
      email: "kenji@acme.test",
      name: "Kenji Tokyo",
      role: "client",
      businessId: DEMO_BUSINESS.id,
      timeZone: "Asia/Tokyo",
    });
    tokyo = sessionOf({ id: m.id, name: m.name, email: m.email, role: "client" }, DEMO_BUSINESS.id);
  }, 60_000);
  afterAll(async () => {
    await outbox?.stop();
    await Promise.all([other?.destroy(), t?.destroy(), uploads?.close(), smtp?.close()]);
  });

  it("reminds each approver the day before and on the day in their zone, once a day across two instances", async () => {
    const { proofId } = await round("Deadline poster");
    await as(studio()).proofs.setReviewers({
      proofId,
      reviewers: [
        { email: "kenji@acme.test", role: "approver", step: 1 },
        { email: "legal@outside.test", role: "approver", step: 2 },
        { email: "printer@outside.test", role: "reviewer", step: 1 },
      ],
    });
    const set = await as(studio()).proofs.setDeadlines({ proofId, dueOn: "2030-03-15", steps: [{ step: 2, dueOn: "2030-03-20" }] });
    expect(set.deadlines).toMatchObject({ dueOn: "2030-03-15", dueNow: "2030-03-15", overdue: false, locked: false });

    // 2030-03-13 16:00 UTC is already the 14th in Tokyo (the day before for Kenji); nobody else owes a decision yet.
    expect(await passOnTwoInstances(new Date("2030-03-13T16:00:00Z"))).toBe(1);
    expect(await passOnTwoInstances(new Date("2030-03-13T20:00:00Z"))).toBe(0);
    const [dayBefore] = await outboxTo("kenji@acme.test", "Deadline poster");
    expect(dayBefore?.subject).toBe(`Round 1 of Deadline poster is waiting for your decision by ${deadlineLabel("2030-03-15")}`);
    expect(dayBefore?.subject).toContain("by Friday 15 March");
    expect(dayBefore?.text).toContain("That is tomorrow.");
    expect(dayBefore?.text).toContain(`${appUrl}/projects/`);
    // On his day (the 15th in Tokyo from 15:00 UTC on the 14th), one more; none once it is past.
    expect(await passOnTwoInstances(new Date("2030-03-14T15:30:00Z"))).toBe(1);
    expect(await passOnTwoInstances(new Date("2030-03-15T16:00:00Z"))).toBe(0);
    expect((await remindersTo("kenji@acme.test", proofId)).map((r) => [r.day, r.kind])).toEqual([
      ["2030-03-14", "day_before"],
      ["2030-03-15", "due_today"],
    ]);
    expect((await outboxTo("kenji@acme.test", "Deadline poster")).map((m) => m.text.includes("That is today."))).toEqual([false, true]);
    // The reviewer (comments only) and step 2's approver were never reminded.
    expect(await outboxTo("printer@outside.test", "Deadline poster")).toEqual([]);
    expect(await outboxTo("legal@outside.test", "Deadline poster")).toEqual([]);

    // Kenji approves with changes: step 2 starts with its own day, mailed as such; the guest follows UTC.
    await as(tokyo).proofs.decide({ proofId, decision: "approved_with_changes", reason: "Larger logo" });
    const started = await t.db
      .selectFrom("outbox")
      .select("subject")
      .where("kind", "=", "review-step")
      .where("to", "=", "legal@outside.test")
      .execute();
    expect(started.map((m) => m.subject)).toEqual([
      `Round 1 of Deadline poster is waiting for your decision by ${deadlineLabel("2030-03-20")}`,
    ]);
    expect(await passOnTwoInstances(new Date("2030-03-18T23:59:00Z"))).toBe(0);
    expect(await passOnTwoInstances(new Date("2030-03-19T00:01:00Z"))).toBe(1);
    const [toGuest] = await outboxTo("legal@outside.test", "Deadline poster");
    expect(toGuest?.text).toMatch(/http:\/\/app\.test\/review\/[A-Za-z0-9_-]+/);
    // Delivered over SMTP.
    for (
      let waited = 0;
      waited < 200 && !smtp.mails.some((m) => m.to.includes("legal@outside.test") && mailSubject(m.raw).includes("by Wednesday 20 March"));
      waited++
    )
      await new Promise((r) => setTimeout(r, 25));
    expect(smtp.mails.some((m) => m.to.includes("legal@outside.test") && mailSubject(m.raw).includes("by Wednesday 20 March"))).toBe(true);

    // The audit trail lists each reminder.
    const { projectId } = (await t.db.selectFrom("proofs").select("projectId").where("id", "=", proofId).executeTakeFirstOrThrow()) as {
      projectId: string;
    };
    const audit = await createProofAuditHandler({ db: t.db })(studio(), projectId, "json");
    const events = ((await audit.json()) as { events: { event: string; email: string | null; detail: string }[] }).events;
    expect(
      events
        .filter((e) => e.event === "reviewer_named")
        .map((e) => e.detail)
        .sort(),
    ).toEqual(["kenji@acme.test: approver, step 1", "legal@outside.test: approver, step 2", "printer@outside.test: reviewer, step 1"]);
    expect(events.filter((e) => e.event === "reminder_sent").map((e) => [e.email, e.detail])).toEqual([
      ["kenji@acme.test", "the day before, due 2030-03-15, step 1 (their day 2030-03-14)"],
      ["kenji@acme.test", "on the day, due 2030-03-15, step 1 (their day 2030-03-15)"],
      ["legal@outside.test", "the day before, due 2030-03-20, step 2 (their day 2030-03-19)"],
    ]);
  });

  it("reminds the client's people of a round without approvers, by the round's day", async () => {
    const { proofId } = await round("Plain deadline", "2030-06-10");
    // 2030-06-09 08:00 UTC: the 9th in both Los Angeles (01:00) and Tokyo (17:00): the day before for both.
    expect(await passOnTwoInstances(new Date("2030-06-09T08:00:00Z"))).toBe(2);
    expect((await remindersTo(client.email, proofId)).map((r) => r.kind)).toEqual(["day_before"]);
    expect((await remindersTo("kenji@acme.test", proofId)).map((r) => r.kind)).toEqual(["day_before"]);
    // Answered: nobody owes it anything, so nothing on the day.
    await as(acme()).proofs.requestChanges({ proofId, body: "Swap the photo" });
    expect(await passOnTwoInstances(new Date("2030-06-10T12:00:00Z"))).toBe(0);
  });

  it("refuses decisions on a round that locks once its deadline passed, until the studio moves it", async () => {
    const { projectId, proofId } = await round("Locked round");
    await as(studio()).proofs.setDeadlines({ proofId, dueOn: "2030-04-01", lockAtDeadline: true });
    const after = () => new Date("2030-04-02T00:00:01Z");
    const refused = as(acme(), after).proofs.requestChanges({ proofId, body: "Too late?" });
    expect(await codeOf(refused)).toBe("PRECONDITION_FAILED");
    await expect(as(acme(), after).proofs.requestChanges({ proofId, body: "Too late?" })).rejects.toThrow(
      "Round 1 closed for decisions at its deadline, Monday 1 April.",
    );
    expect((await as(acme(), after).proofs.reviewers({ proofId })).deadlines).toMatchObject({ overdue: true, locked: true });
    // On the day itself it is open.
    expect((await as(acme(), () => new Date("2030-04-01T23:59:00Z")).proofs.reviewers({ proofId })).deadlines.locked).toBe(false);
    // Workload shows it overdue for the studio.
    const plan = await as(boss(), after).workload.plan();
    const planned = [...plan.people, plan.unassigned].flatMap((p) => p.projects).find((p) => p.id === projectId);
    expect(planned?.due).toContainEqual(expect.objectContaining({ kind: "proof", dueOn: "2030-04-01", when: "overdue" }));

    expect(await codeOf(as(acme()).proofs.setDeadlines({ proofId, dueOn: "2030-04-09", lockAtDeadline: true }))).toBe("FORBIDDEN");
    expect(await codeOf(as(studio()).proofs.setDeadlines({ proofId, dueOn: "2030-02-30" }))).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        as(studio()).proofs.setDeadlines({
          proofId,
          dueOn: null,
          steps: [
            { step: 1, dueOn: "2030-04-09" },
            { step: 1, dueOn: "2030-04-10" },
          ],
        }),
      ),
    ).toBe("BAD_REQUEST");
    await as(studio()).proofs.setDeadlines({ proofId, dueOn: "2030-04-09", lockAtDeadline: true });
    await as(acme(), after).proofs.requestChanges({ proofId, body: "In time now" });
    // Answered: its deadlines are no longer the studio's to set.
    expect(await codeOf(as(studio()).proofs.setDeadlines({ proofId, dueOn: "2030-05-01" }))).toBe("PRECONDITION_FAILED");
  });

  it("follows the current step's day in Workload and keeps an unlocked overdue round open", async () => {
    const { projectId, proofId } = await round("Stepped workload");
    // Named, then taken off again before anyone decided: the audit trail keeps both.
    await as(studio()).proofs.setReviewers({ proofId, reviewers: [{ email: "gone@outside.test", role: "approver", step: 2 }] });
    await as(studio()).proofs.setReviewers({
      proofId,
      reviewers: [
        { email: client.email, role: "approver", step: 1 },
        { email: "kenji@acme.test", role: "approver", step: 2 },
      ],
    });
    await as(studio()).proofs.setDeadlines({ proofId, dueOn: "2030-05-01", steps: [{ step: 2, dueOn: "2030-05-08" }] });
    const at = () => new Date("2030-05-03T12:00:00Z");
    const due = async () => {
      const plan = await as(boss(), at).workload.plan();
      return [...plan.people, plan.unassigned].flatMap((p) => p.projects).find((p) => p.id === projectId)?.due;
    };
    expect(await due()).toEqual([expect.objectContaining({ kind: "proof", dueOn: "2030-05-01", when: "overdue" })]);
    // Not locked: step 1 decides late (not relevant: no files to check against the clock), and the round then waits on step 2's own day.
    await as(acme(), at).proofs.decide({ proofId, decision: "not_relevant", reason: "Legal decides this one" });
    expect(await due()).toEqual([expect.objectContaining({ kind: "proof", dueOn: "2030-05-08", when: "next_week" })]);
    expect((await as(tokyo, at).proofs.reviewers({ proofId })).deadlines).toMatchObject({ dueNow: "2030-05-08", overdue: false });
    const audit = await createProofAuditHandler({ db: t.db })(studio(), projectId, "json");
    const events = ((await audit.json()) as { events: { event: string; email: string | null; detail: string }[] }).events;
    const changes = events.filter((e) => e.event === "reviewer_named" || e.event === "reviewer_removed");
    expect(changes.map((e) => `${e.event} ${e.detail}`).sort()).toEqual([
      `reviewer_named ${client.email}: approver, step 1`,
      "reviewer_named gone@outside.test: approver, step 2",
      "reviewer_named kenji@acme.test: approver, step 2",
      "reviewer_removed gone@outside.test: approver, step 2",
    ]);
    expect(changes[0]?.detail).toBe("gone@outside.test: approver, step 2");
    expect(events.find((e) => e.event === "reviewer_removed")?.email).toBe(creative.email);
    // Another business's client reads no deadline of Acme's.
    const globex = sessionOf({ id: "globex-deadlines", name: "Gil", email: "gil@globex.test", role: "client" }, "globex");
    expect(await codeOf(as(globex).proofs.reviewers({ proofId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(globex).proofs.setDeadlines({ proofId, dueOn: null }))).toBe("FORBIDDEN");
  });
});
