// Mail survives an SMTP outage and a restart: comments written while the mail server refuses are mailed, each exactly
// once, after the web app has been stopped as a deploy stops it (SIGTERM) and started again and the server accepts.
// A stopping instance lets go of the mail it holds; what a dead one held waits for its lease (outbox.integration.test.ts
// in @atelier/mail). A mail the server is taking when the instance is stopped is finished first, and the log names the
// request that caused it.
import { randomBytes, randomUUID } from "node:crypto";
import { SESSION_COOKIE } from "@atelier/auth";
import { DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type RunningApp, startApp, startTogether } from "./harness";

const messageId = (raw: string) => raw.match(/^Message-ID:\s*(\S+)/im)?.[1];

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the mail outbox through an SMTP outage and a crash (PostgreSQL, real SMTP server)", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  let app: RunningApp | undefined;
  let port = 0;
  const env = () => ({
    DATABASE_URL: t.url,
    SMTP_URL: smtp.url,
    AUTH_SECRET: "a".repeat(40),
    UPLOAD_SECRET: "u".repeat(40),
    // Comments a second apart may share a mail; the test counts comments, not mails.
    MAIL_DIGEST_WINDOW_S: "1",
  });

  beforeAll(async () => {
    [t, smtp, port] = await startTogether([createTestDatabase(), startSmtpSink(), freePort()]);
    await seedDemo(t.db);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await t?.destroy();
  });

  async function trpc(cookie: string, path: string, input: unknown): Promise<unknown> {
    const url = `http://localhost:${port}`;
    const res = await fetch(`${url}/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, cookie },
      body: JSON.stringify({ json: input }),
    });
    const body = (await res.json()) as { result?: { data: { json: unknown } } };
    if (!res.ok || !body.result) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.result.data.json;
  }

  /** A signed-in demo client's session cookie. */
  async function clientCookie(): Promise<string> {
    const client = DEMO_USERS.find((u) => u.role === "client");
    if (!client) throw new Error("no demo client");
    const token = randomBytes(16).toString("hex");
    await t.db
      .insertInto("sessions")
      .values({ id: randomUUID(), sessionToken: token, userId: client.id, expires: new Date(Date.now() + 3_600_000) })
      .execute();
    return `${SESSION_COOKIE}=${token}`;
  }

  it("delivers every comment mail exactly once", { timeout: 300_000 }, async () => {
    const cookie = await clientCookie();

    smtp.refuse(true);
    app = await startApp(env(), { port });
    const project = (await trpc(cookie, "projects.create", { title: "Spring flyer", event: "print" })) as { id: string };
    for (let n = 1; n <= 5; n++) await trpc(cookie, "comments.create", { projectId: project.id, body: `Change ${n}` });
    // Each mail (the notice that a project was started and the five comments, to the admin, who follows a project
    // nobody is assigned to) is tried and refused before the app goes down.
    await until(async () => {
      const rows = await t.db.selectFrom("outbox").select(["attempts", "status", "payload"]).where("kind", "=", "comment").execute();
      const comments = rows.reduce((n, r) => n + (r.payload?.length ?? 0), 0);
      return comments === 6 && rows.every((r) => r.attempts >= 1 && r.status === "pending");
    }, 30_000);
    expect(smtp.mails).toHaveLength(0);

    await app.stop();
    app = undefined;
    // The stopped instance finished its attempts and holds no mail: the next one need not wait out a lease.
    const held = await t.db.selectFrom("outbox").select("id").where("lockedUntil", "is not", null).execute();
    expect(held).toEqual([]);
    smtp.refuse(false);
    app = await startApp(env(), { port });
    // A mail refused three or four times waits 30 to 60 s for its next try, restart or not (nextMailAttempt, tested
    // in @atelier/domain); here those waits are over at once, as if the outage had lasted that long.
    await t.db.updateTable("outbox").set({ nextAttemptAt: new Date() }).where("status", "=", "pending").execute();

    // The admin hears of each of the client's five comments, once; the designer, not on the project, of none.
    const studio = ["admin@atelier.local"];
    const mentions = (to: string, n: number) => smtp.mails.filter((m) => m.to.includes(to) && m.raw.includes(`Change ${n}`)).length;
    await until(() => studio.every((to) => [1, 2, 3, 4, 5].every((n) => mentions(to, n) >= 1)), 60_000);
    await new Promise((r) => setTimeout(r, 3_000));
    for (const to of studio) expect([1, 2, 3, 4, 5].map((n) => mentions(to, n))).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(smtp.mails.map((m) => messageId(m.raw))).size).toBe(smtp.mails.length);
    expect(smtp.mails.every((m) => studio.includes(m.to[0] ?? ""))).toBe(true);
    const rows = await t.db.selectFrom("outbox").select("status").where("kind", "=", "comment").execute();
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });

  it("finishes the mail the server is taking when stopped (SIGTERM), and logs the request that caused it", {
    timeout: 120_000,
  }, async () => {
    await app?.stop();
    const cookie = await clientCookie();
    app = await startApp(env(), { port });
    const running = app;
    const held = smtp.hold();
    const before = smtp.mails.length;
    const project = (await trpc(cookie, "projects.create", { title: "Held mail", event: "print" })) as { id: string };
    // The admin's mail of the new project goes a second later; the server takes its words and does not answer yet.
    await held.arrived;
    const exited = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        try {
          process.kill(running.pid, 0);
        } catch {
          clearInterval(check);
          resolve();
        }
      }, 50);
    });
    process.kill(running.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1_000));
    held.release();
    await exited;
    app = undefined;
    // Gone means done: the mail was taken once and its row says sent, so no other instance sends it again.
    const rows = (await t.db.selectFrom("outbox").select(["id", "status", "requestId", "payload"]).execute()).filter((r) =>
      JSON.stringify(r.payload ?? []).includes(project.id),
    );
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
    expect(smtp.mails.slice(before).filter((m) => m.raw.includes("Held mail"))).toHaveLength(1);
    // The request that created the project wrote the mail; the log of its sending names that request.
    const requestId = rows[0]?.requestId;
    expect(requestId).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
    const entries = running.logs
      .join("")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((e) => e.msg === "mail sent" && e.mailId === rows[0]?.id)).toMatchObject({ reqId: requestId, component: "outbox" });
    expect(entries.some((e) => e.msg === "request" && e.reqId === requestId && e.method === "POST")).toBe(true);
  });
});
