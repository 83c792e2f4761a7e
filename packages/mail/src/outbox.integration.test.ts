// The mail outbox on real PostgreSQL and a real SMTP server: retries through an outage, a dead instance's mail sent
// once its lease runs out, two instances never send one mail twice, and mail undelivered for a day is marked failed.
import { randomUUID } from "node:crypto";
import { claimDueMail, createComment } from "@atelier/db";
import { createTestDatabase, makeProject, makeUser, type TestDatabase } from "@atelier/db/testing";
import { MAIL_GIVE_UP_AFTER_MS, MAIL_SEND_LEASE_MS } from "@atelier/domain";
import { withRequestId } from "@atelier/observability";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "./mailer";
import { createOutbox, type Outbox, type OutboxLog } from "./outbox";
import { mailSubject, type SmtpSink, startSmtpSink } from "./testing/smtp-sink";

const messageId = (raw: string) => raw.match(/^Message-ID:\s*(\S+)/im)?.[1];

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("mail outbox", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  const outboxes: Outbox[] = [];
  // What the outboxes logged, as entries with their message.
  const logged: Record<string, unknown>[] = [];
  const keep =
    (level: string) =>
    (entry: Record<string, unknown>, message: string): void => {
      logged.push({ ...entry, level, message });
    };
  const log: OutboxLog = { info: keep("info"), warn: keep("warn"), error: keep("error") };
  // A clock the test moves, so retries come due without waiting for them.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const outbox = () => {
    const o = createOutbox({
      db: t.db,
      transport: createMailer({ smtpUrl: smtp.url, from: "studio@atelier.test", db: t.db }),
      now,
      pollMs: 20,
      log,
    });
    outboxes.push(o);
    return o;
  };
  const statuses = async () =>
    (await t.db.selectFrom("outbox").select(["id", "status", "attempts", "lastError"]).execute()).sort((a, b) => a.id.localeCompare(b.id));
  const mail = (n: number) => ({
    kind: "comment",
    to: `p${n}@example.test`,
    subject: `Note ${n}`,
    text: `Note ${n}`,
    html: `<p>Note ${n}</p>`,
  });

  beforeAll(async () => {
    [t, smtp] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  });
  afterEach(async () => {
    await Promise.all(outboxes.splice(0).map((o) => o.stop()));
    smtp.refuse(false);
    smtp.mails.length = 0;
    logged.length = 0;
    offset = 0;
    await t.db.deleteFrom("outbox").execute();
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });

  it("keeps mail through a refusing server and delivers each once when it accepts again", async () => {
    smtp.refuse(true);
    const a = outbox();
    const ids = await a.enqueue(t.db, [1, 2, 3, 4, 5].map(mail));
    a.start();
    await until(async () => (await statuses()).every((s) => s.attempts >= 1 && s.lastError !== null));
    expect((await statuses()).map((s) => s.status)).toEqual(Array(5).fill("pending"));
    expect((await statuses())[0]?.lastError).toMatch(/451/);
    // The instance goes away; another one, started later, finds the mail once the server accepts.
    await a.stop();
    smtp.refuse(false);
    offset = 60_000;
    outbox().start();
    await until(async () => (await statuses()).every((s) => s.status === "sent"));
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `p${n}@example.test`));
    expect(new Set(smtp.mails.map((m) => messageId(m.raw))).size).toBe(5);
    expect(smtp.mails.map((m) => messageId(m.raw)).sort()).toEqual(ids.map((id) => `<${id}@outbox.atelier>`).sort());
  });

  it("names in its log the request that wrote each mail, and never the address", async () => {
    const o = outbox();
    const [fromRequest] = await withRequestId("req-0123456789", () => o.enqueue(t.db, [mail(1)]));
    const [fromWorker] = await o.enqueue(t.db, [mail(2)]);
    o.start();
    await until(async () => (await statuses()).every((s) => s.status === "sent"));
    const sent = logged.filter((e) => e.message === "mail sent");
    expect(sent.find((e) => e.mailId === fromRequest)).toMatchObject({ reqId: "req-0123456789", kind: "comment", level: "info" });
    expect(sent.find((e) => e.mailId === fromWorker)?.reqId).toBeUndefined();
    expect(JSON.stringify(logged)).not.toContain("example.test");
    // A refused mail's retry names its request too, and not the address the server's refusal names.
    smtp.refuse(true, "Mailbox of p3@example.test busy, try again later");
    const [refused] = await withRequestId("req-refused-0001", () => o.enqueue(t.db, [mail(3)]));
    o.kick();
    await until(() => logged.some((e) => e.mailId === refused && e.message === "mail not sent, will retry"));
    expect(logged.find((e) => e.mailId === refused)).toMatchObject({ reqId: "req-refused-0001", level: "warn" });
    expect(logged.find((e) => e.mailId === refused)?.reason).toMatch(/Mailbox of \[address\] busy/);
    expect(JSON.stringify(logged)).not.toContain("example.test");
  });

  it("lets a stop finish the mail the server is taking, sent at once or by the worker", async () => {
    for (const how of ["at once", "by the worker"] as const) {
      const o = outbox();
      const held = smtp.hold();
      const [id] = await o.enqueue(t.db, [mail(how === "at once" ? 1 : 2)]);
      if (how === "at once") void o.deliverNow([id as string]);
      else o.start();
      await held.arrived;
      let stopped = false;
      const stopping = o.stop().then(() => {
        stopped = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(stopped, how).toBe(false);
      held.release();
      await stopping;
      // Stopped means done: the mail went, once, and its row says so.
      expect((await statuses()).find((s) => s.id === id)?.status, how).toBe("sent");
    }
    expect(smtp.mails.map((m) => m.to[0])).toEqual(["p1@example.test", "p2@example.test"]);
  });

  it("sends a mail a dead instance had taken once its lease runs out, and not before", async () => {
    const ids = await outbox().enqueue(t.db, [mail(1)]);
    // An instance took the mail and died before it could say how the attempt went (SIGKILL, a lost machine).
    const [taken] = await claimDueMail(t.db, { now: now(), leaseMs: MAIL_SEND_LEASE_MS, limit: 10 });
    expect(taken?.id).toBe(ids[0]);
    outbox().start();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails).toHaveLength(0);
    offset = MAIL_SEND_LEASE_MS + 1_000;
    await until(async () => (await statuses()).every((s) => s.status === "sent"));
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.map((m) => messageId(m.raw))).toEqual([`<${ids[0]}@outbox.atelier>`]);
    expect((await statuses())[0]?.attempts).toBe(2);
  });

  it("lets two instances share the work without sending any mail twice", async () => {
    const first = outbox();
    await first.enqueue(
      t.db,
      Array.from({ length: 60 }, (_, i) => mail(i)),
    );
    first.start();
    outbox().start();
    await until(async () => (await statuses()).every((s) => s.status === "sent"));
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails).toHaveLength(60);
    expect(new Set(smtp.mails.map((m) => messageId(m.raw))).size).toBe(60);
    expect((await statuses()).every((s) => s.attempts === 1)).toBe(true);
  });

  it("marks mail failed, for an admin to see, when it could not go for a day", async () => {
    smtp.refuse(true);
    const o = outbox();
    await o.enqueue(t.db, [mail(1)]);
    o.start();
    await until(async () => (await statuses())[0]?.attempts === 1 && (await statuses())[0]?.lastError !== null);
    offset = MAIL_GIVE_UP_AFTER_MS;
    await until(async () => (await statuses())[0]?.status === "failed");
    expect(smtp.mails).toHaveLength(0);
  });

  it("gathers comments on one project into one mail until it is due, and starts a new one after", async () => {
    const o = outbox();
    // Gathered mail is decided when it goes from the comments and the person as they are then: both must exist.
    const business = `b-${randomUUID()}`;
    await t.db.insertInto("businesses").values({ id: business, name: business }).execute();
    const [dan, cleo] = [await makeUser(t.db, { role: "creative" }), await makeUser(t.db, { role: "client", businessId: business })];
    const [p1, p2] = [await makeProject(t.db, { businessId: business }), await makeProject(t.db, { businessId: business })];
    const gather = async (body: string, projectId = p1.id) => {
      const commentId = randomUUID();
      const event = "modification";
      await createComment(t.db, { id: commentId, projectId, userId: cleo.id, event, body, parentId: null, createdAt: now() });
      const item = {
        commentId,
        projectId,
        author: "Cleo Client",
        event,
        projectName: "2026-11-23-Spring-Flyer",
        body,
        url: "http://app.test/p",
      };
      const key = `project:${dan.id}:${projectId}`;
      await o.gather(t.db, [
        { kind: "comment", recipientId: dan.id, to: dan.email ?? "", digestKey: key, sendAt: new Date(now().getTime() + 120_000), item },
      ]);
    };
    o.start();
    await gather("Bigger logo");
    await gather("Warmer colours");
    await gather("Other project", p2.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails).toHaveLength(0);
    offset = 121_000;
    await until(() => smtp.mails.length === 2);
    const project = smtp.mails.find((m) => m.raw.includes("Bigger logo"));
    expect(mailSubject(project?.raw ?? "")).toBe("2 new comments on “Spring Flyer” — Atelier");
    expect(project?.raw).toContain("Warmer colours");
    expect(project?.raw).not.toContain("Other project");
    // Once its mail went, a comment on the same project starts the next one.
    await gather("Thanks!");
    offset = 250_000;
    await until(() => smtp.mails.length === 3);
    expect(smtp.mails[2]?.raw).toContain("Thanks!");
    expect(smtp.mails[2]?.raw).not.toContain("Bigger logo");
  });

  it("sends a mail someone waits for at once, and keeps it for retries when that fails", async () => {
    const o = outbox();
    await o.immediate("sign-in").send(mail(7));
    expect(smtp.mails.map((m) => m.to[0])).toEqual(["p7@example.test"]);
    expect((await statuses()).map((s) => [s.status, s.attempts])).toEqual([["sent", 1]]);
    smtp.refuse(true);
    await o.immediate("sign-in").send(mail(8));
    const kept = (await statuses()).find((s) => s.status === "pending");
    expect(kept?.attempts).toBe(1);
  });

  it("carries attachments through the outbox to SMTP, byte for byte, and keeps them in the dev mailbox", async () => {
    const bytes = Buffer.from("%PDF-1.7\n\u0000\u00ff binary body");
    const attachment = { filename: "INV-2026-0001.pdf", contentType: "application/pdf", base64: bytes.toString("base64") };
    const o = outbox();
    const [id] = await o.enqueue(t.db, [{ ...mail(9), attachments: [attachment] }]);
    const stored = await t.db.selectFrom("outbox").select("attachments").where("id", "=", id!).executeTakeFirstOrThrow();
    expect(stored.attachments).toEqual([attachment]);
    await o.deliverNow([id!]);
    const raw = smtp.mails[0]?.raw ?? "";
    expect(raw).toMatch(/Content-Type: application\/pdf; name=INV-2026-0001\.pdf/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=INV-2026-0001\.pdf/);
    const body = raw.split(/filename=INV-2026-0001\.pdf\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? "";
    expect(Buffer.from(body.replace(/\s/g, ""), "base64").equals(bytes)).toBe(true);

    const lines: string[] = [];
    const devMailbox = createMailer({ from: "studio@atelier.test", db: t.db, log: (line) => lines.push(line) });
    await devMailbox.send({ to: "p9@example.test", subject: "Invoice", text: "Attached.", html: "", attachments: [attachment] });
    const kept = await t.db
      .selectFrom("devMail")
      .select(["text", "attachments"])
      .where("to", "=", "p9@example.test")
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ text: "Attached.", attachments: [attachment] });
    expect(lines.join("\n")).toContain(", 1 file (read it at /dev/mailbox)");
  });
});
