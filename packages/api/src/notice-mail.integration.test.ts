// Mail that says what happened, to whom it concerns, on real PostgreSQL, the real outbox, real upload servers and a
// real SMTP server: a notice (a project started, a proof to approve) goes by the outbox's next run, never waiting for
// the gathering window; its subject names the decision and its button opens the round; only the people involved hear
// of a project; a staff digest marks internal notes; a sent invoice is in its client's bell.
import { randomBytes } from "node:crypto";
import { DEMO_BUSINESS, DEMO_USERS, notificationRecipients, seedDemo } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import { isInvolvedInProject, type SessionUser } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { extractLink, mailPart, mailSubject, type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { addUploadedFile } from "./testing/rounds";
import { sessionOf } from "./testing/sessions";

const [admin, designer, client] = DEMO_USERS;
const secret = "notice-mail-test-secret-0123456789";
/** Far longer than any test: a mail that waited for the window would never arrive. */
const WINDOW_MS = 10 * 60_000;
const boss = () => sessionOf(admin, null);
const studio = () => sessionOf(designer, null);
const acme = () => sessionOf(client, DEMO_BUSINESS.id);

describe("notices and who hears of a project", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  let uploads: UploadServers;
  let outbox: Outbox;
  // The outbox's clock; moved only to let a gathered digest come due. Notices never need it moved.
  let offset = 0;
  const as = (user: SessionUser) =>
    createCaller({
      db: t.db,
      user,
      // The upload servers check tickets and links against the real clock.
      now: () => new Date(),
      files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl },
      mail: { outbox, appUrl: "http://app.test", digestWindowMs: WINDOW_MS, signInLink: async () => "http://app.test/sign-in" },
    });
  const mailsTo = (address: string | null) => smtp.mails.filter((m) => m.to.includes(address ?? ""));
  async function outboxDrained() {
    for (let waited = 0; ; waited++) {
      const due = await t.db
        .selectFrom("outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", new Date(Date.now() + offset))
        .execute();
      if (due.length === 0) return;
      if (waited > 200) throw new Error("due mail still pending");
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const addFile = (user: SessionUser, projectId: string, name: string, bytes: Uint8Array) =>
    addUploadedFile(as(user), projectId, name, bytes);

  beforeAll(async () => {
    [t, smtp, uploads] = await Promise.all([createTestDatabase(), startSmtpSink(), startUploadServers(secret)]);
    outbox = createOutbox({
      db: t.db,
      transport: createMailer({ smtpUrl: smtp.url, from: "studio@atelier.test", db: t.db }),
      now: () => new Date(Date.now() + offset),
      // The worker runs when something is written (kick), never again on its own within a test.
      pollMs: 60 * 60_000,
      log: { info() {}, warn() {}, error() {} },
    });
    outbox.start();
    await seedDemo(t.db);
  });
  afterAll(async () => {
    await outbox?.stop();
    await uploads?.close();
    await smtp?.close();
    await t?.destroy();
  });

  it("tells of a project started and a proof to approve at once, only to those involved, opening the round", async () => {
    const bystander = await makeUser(t.db, { role: "creative" });
    const { id: projectId } = await as(acme()).projects.create({ title: "Autumn menu", event: "print" });
    // Nobody is assigned yet: the admins hear that a project was started, by the outbox's next run.
    // Other tests of this file mail the same people: each wait is for this project's mail.
    const about = (title: string) => (m: { raw: string }) => mailSubject(m.raw).includes(`“${title}”`);
    const started = await smtp.waitFor(admin.email ?? "", undefined, about("Autumn menu"));
    expect(mailSubject(started.raw)).toBe("Cleo Client started a new project: “Autumn menu” — Atelier");
    expect(mailPart(started.raw, "text/plain")).toContain("A project was started.");
    expect(started.raw).not.toContain("made a comment");

    await as(boss()).projects.assign({ id: projectId, assigneeId: designer.id });
    await as(acme()).comments.create({ projectId, body: "Here is the brief", event: "briefing" });
    const file = await addFile(studio(), projectId, "menu.pdf", randomBytes(64 * 1024));
    const { round } = await as(studio()).proofs.create({ projectId, fileIds: [file.id], note: "First take" });

    const proof = await smtp.waitFor(client.email ?? "", undefined, about("Autumn menu"));
    expect(mailSubject(proof.raw)).toBe(`Round ${round} of “Autumn menu” is ready for your approval — Atelier`);
    expect(extractLink(proof.raw)).toBe(`http://app.test/projects/${projectId}#round-${round}`);
    expect(mailPart(proof.raw, "text/html")).toMatch(
      new RegExp(`<a href="http://app.test/projects/${projectId}#round-1"[^>]*>Review round 1</a>`),
    );

    await outboxDrained();
    // The assigned designer heard of the brief; the studio member on nothing of this heard nothing at all.
    expect(
      mailsTo(designer.email)
        .filter(about("Autumn menu"))
        .map((m) => mailSubject(m.raw)),
    ).toEqual(["The brief for “Autumn menu” is complete — Atelier"]);
    expect(mailsTo(bystander.email)).toEqual([]);
    expect(await t.db.selectFrom("outbox").select("id").where("recipientId", "=", bystander.id).execute()).toEqual([]);
  });

  it("picks the people involved in SQL exactly as isInvolvedInProject does", async () => {
    const bystander = await makeUser(t.db, { role: "creative" });
    const writer = await makeUser(t.db, { role: "creative" });
    const { id: projectId } = await as(acme()).projects.create({ title: "Winter card", event: "print" });
    await as(sessionOf(writer, null)).comments.create({ projectId, body: "I can take this" });
    const people = await t.db.selectFrom("users").select(["id", "role", "businessId"]).where("email", "is not", null).execute();
    const project = await t.db
      .selectFrom("projects")
      .select(["businessId", "assigneeId", "createdBy"])
      .where("id", "=", projectId)
      .executeTakeFirstOrThrow();
    for (const assigneeId of [null, designer.id]) {
      await t.db.updateTable("projects").set({ assigneeId }).where("id", "=", projectId).execute();
      const participantIds = new Set([client.id, writer.id]);
      const expected = people
        .filter((p) => p.id !== client.id && isInvolvedInProject(p, { ...project, assigneeId, participantIds }))
        .map((p) => p.id)
        .sort();
      const chosen = (await notificationRecipients(t.db, { projectId, authorId: client.id, staffOnly: false })).map((r) => r.id).sort();
      expect(chosen).toEqual(expected);
      expect(chosen).toContain(writer.id);
      expect(chosen).not.toContain(bystander.id);
    }
  });

  it("marks internal notes in a staff digest, and gathers conversation until its window, timed in the reader's zone", async () => {
    const { id: projectId } = await as(acme()).projects.create({ title: "Spring flyer", event: "print" });
    await as(boss()).projects.assign({ id: projectId, assigneeId: designer.id });
    // The designer reads times in Tokyo on a 12-hour clock: the digest says when each comment was posted, so.
    await t.db.updateTable("users").set({ timeZone: "Asia/Tokyo", hourCycle: "h12" }).where("id", "=", designer.id).execute();
    await as(boss()).comments.create({ projectId, body: "Client pays late, ask for a deposit", event: "shadow" });
    await as(acme()).comments.create({ projectId, body: "Can the logo be bigger?" });
    await outboxDrained();
    const digestOf = (m: { raw: string }) => mailPart(m.raw, "text/plain").includes("Client pays late");
    expect(mailsTo(designer.email).some(digestOf)).toBe(false);
    offset += WINDOW_MS + 1_000;
    outbox.kick();
    await outboxDrained();
    const digest = mailsTo(designer.email).find(digestOf);
    expect(mailSubject(digest?.raw ?? "")).toBe("2 new comments on “Spring flyer” (1 internal) — Atelier");
    const note = await t.db
      .selectFrom("comments")
      .select("createdAt")
      .where("projectId", "=", projectId)
      .where("event", "=", "shadow")
      .executeTakeFirstOrThrow();
    const inTokyo = note.createdAt.toLocaleString("en-US", { timeZone: "Asia/Tokyo", hour: "numeric", minute: "2-digit", hour12: true });
    const posted = `${note.createdAt.toLocaleDateString("en-US", { timeZone: "Asia/Tokyo", month: "short", day: "numeric", year: "numeric" })}, ${inTokyo} GMT+9`;
    expect(mailPart(digest?.raw ?? "", "text/plain")).toContain(
      `[Internal note] ${admin.name} wrote, ${posted}:\nClient pays late, ask for a deposit`,
    );
    expect(mailPart(digest?.raw ?? "", "text/html")).toContain(`>Internal</span> <strong>${admin.name} wrote, ${posted}</strong>`);
    expect(mailsTo(client.email).some(digestOf)).toBe(false);
  });

  it("shows a sent invoice in its client's bell, with one mail: the invoice's own, opening it", async () => {
    const { id: projectId } = await as(boss()).projects.create({ title: "Logo refresh", event: "print", businessId: DEMO_BUSINESS.id });
    await outboxDrained();
    const before = await as(acme()).comments.unreadCount();
    const mailsBefore = mailsTo(client.email).length;
    const { id, number } = await as(boss()).invoices.create({
      businessId: DEMO_BUSINESS.id,
      projectId,
      lines: [{ description: "Logo", quantity: 1, unitAmount: 50_000 }],
    });
    await as(boss()).invoices.send({ id });
    expect((await as(acme()).comments.unreadCount()).count).toBe(before.count + 1);
    const [entry] = (await as(acme()).comments.findMany({ filter: "unread" })).filter((n) => n.project.id === projectId);
    expect(entry).toMatchObject({ event: "invoice_sent", user: { id: admin.id } });
    expect(entry?.body).toContain(`Invoice ${number} for`);
    await outboxDrained();
    const mails = mailsTo(client.email).slice(mailsBefore);
    expect(mails.map((m) => mailSubject(m.raw))).toEqual([`Invoice ${number} from Atelier Demo Studio SRL`]);
    expect(extractLink(mails[0]?.raw ?? "")).toBe(`http://app.test/settings/invoices/${id}`);
  });
});
