// Comment mail goes to who people are when it is sent, not who they were when it began to gather: a new address gets
// it and the old one nothing; someone made a client is never told of an internal note; a deactivated person hears
// nothing. Real routers, the real outbox and a real SMTP server, on PostgreSQL.
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { sessionOf } from "./testing/sessions";

const [admin, , client] = DEMO_USERS;
const WINDOW_MS = 60_000;

describe("gathered comment mail follows its recipient", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  let outbox: Outbox;
  // A clock the tests move past the gathering window, so mail comes due without waiting for it.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const as = (user: SessionUser) =>
    createCaller({
      db: t.db,
      user,
      now,
      files: { store: undefined as never, secret: "s".repeat(32), balancerUrl: "" },
      mail: { outbox, appUrl: "http://app.test", digestWindowMs: WINDOW_MS, signInLink: async () => "http://app.test/sign-in" },
    });
  const studioAdmin = () => as(sessionOf(admin, null));
  const acmeClient = () => as(sessionOf(client, DEMO_BUSINESS.id));

  /** A designer of the studio, new to this test, and a project of Acme's assigned to them, that Acme's client sees too. */
  async function designerAndProject() {
    const designer = await makeUser(t.db, { role: "creative" });
    const project = await makeProject(t.db, {
      businessId: DEMO_BUSINESS.id,
      title: "Spring flyer",
      createdBy: client.id,
      assigneeId: designer.id,
    });
    return { designer, projectId: project.id };
  }
  /** Moves the clock past the window and waits until the designer's mail on the project is no longer waiting. */
  async function deliver(designerId: string, projectId: string): Promise<void> {
    offset += WINDOW_MS + 1_000;
    const waiting = () =>
      t.db
        .selectFrom("outbox")
        .select("id")
        .where("digestKey", "=", `project:${designerId}:${projectId}`)
        .where("status", "=", "pending")
        .execute();
    for (let tries = 0; (await waiting()).length > 0; tries++) {
      if (tries > 400) throw new Error("the designer's mail is still pending");
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    [t, smtp] = await Promise.all([createTestDatabase(), startSmtpSink()]);
    outbox = createOutbox({
      db: t.db,
      transport: createMailer({ smtpUrl: smtp.url, from: "studio@atelier.test", db: t.db }),
      now,
      pollMs: 20,
      log: { info() {}, warn() {}, error() {} },
    });
    outbox.start();
    await seedDemo(t.db);
  });
  afterAll(async () => {
    await outbox?.stop();
    await t?.destroy();
    await smtp?.close();
  });

  it("sends gathered mail to the address the recipient has when it goes, and none to the old one", async () => {
    const { designer, projectId } = await designerAndProject();
    const oldAddress = designer.email ?? "";
    await acmeClient().comments.create({ projectId, body: "Bigger logo, please" });
    await studioAdmin().users.update({ id: designer.id, email: "moved@example.test" });
    await deliver(designer.id, projectId);
    expect(mailsTo("moved@example.test").map((m) => m.raw.includes("Bigger logo, please"))).toEqual([true]);
    expect(mailsTo(oldAddress)).toEqual([]);
  });

  it("never tells a designer made a client of an internal note gathered for them, but still of what they may see", async () => {
    const { designer, projectId } = await designerAndProject();
    const address = designer.email ?? "";
    await studioAdmin().comments.create({ projectId, body: "Client pays late, ask upfront", event: "shadow" });
    await acmeClient().comments.create({ projectId, body: "Can it be blue?" });
    await studioAdmin().users.setAccess({ id: designer.id, role: "client", businessId: DEMO_BUSINESS.id });
    await deliver(designer.id, projectId);
    expect(mailsTo(address).some((m) => m.raw.includes("Client pays late"))).toBe(false);
    expect(mailsTo(address).map((m) => m.raw.includes("Can it be blue?"))).toEqual([true]);
  });

  it("sends a deactivated person nothing of what was gathered for them", async () => {
    const { designer, projectId } = await designerAndProject();
    const address = designer.email ?? "";
    await acmeClient().comments.create({ projectId, body: "Approved the colours" });
    await studioAdmin().users.setActive({ id: designer.id, active: false });
    await deliver(designer.id, projectId);
    expect(mailsTo(address)).toEqual([]);
    const row = await t.db.selectFrom("outbox").select(["status", "sentAt"]).where("recipientId", "=", designer.id).executeTakeFirst();
    expect(row).toEqual({ status: "withdrawn", sentAt: null });
  });

  it("decides again when the mail goes: a comment deleted since is left out, and mail turned off since sends nothing", async () => {
    const { designer, projectId } = await designerAndProject();
    const address = designer.email ?? "";
    const { id: gone } = await acmeClient().comments.create({ projectId, body: "Scrap that idea" });
    await acmeClient().comments.create({ projectId, body: "Keep this one" });
    await t.db.deleteFrom("comments").where("id", "=", gone).execute();
    await deliver(designer.id, projectId);
    expect(mailsTo(address).map((m) => [m.raw.includes("Keep this one"), m.raw.includes("Scrap that idea")])).toEqual([[true, false]]);

    await acmeClient().comments.create({ projectId, body: "One more thing" });
    await as(sessionOf(designer, null)).settings.setMailPreference({ mailPreference: "off" });
    await deliver(designer.id, projectId);
    expect(mailsTo(address)).toHaveLength(1);
  });
});
