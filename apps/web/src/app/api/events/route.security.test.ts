// The live stream lasts only as long as the session that opened it, on the real route, database and live bus.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SESSION_COOKIE } from "@atelier/auth";
import { createBusiness, createUser, type Db, DEMO_BUSINESS, seedDemo, setUserRoleAndBusiness } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getServer, type Server } from "~/server/server";
import { REALTIME_SESSION_CHECK_MS } from "~/settings";
import { GET } from "./route";

const comment = { type: "comment", projectId: "p", businessId: DEMO_BUSINESS.id, commentId: "c", staffOnly: false } as const;

describe("/api/events ends with its session", () => {
  let t: TestDatabase;
  let server: Server;
  const aborts: AbortController[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    vi.stubEnv("DATABASE_URL", t.url);
    // No mail is sent here; the settings a server on PostgreSQL requires.
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:9");
    vi.stubEnv("AUTH_SECRET", "a".repeat(40));
    vi.stubEnv("UPLOAD_SECRET", "u".repeat(40));
    vi.stubEnv("DATA_DIR", mkdtempSync(join(tmpdir(), "atelier-events-")));
    await seedDemo(t.db);
    server = await getServer();
    await createBusiness(t.db, { id: "globex", name: "Globex" });
  });
  afterAll(async () => {
    await server?.outbox.stop();
    await server?.live.close();
    await server?.db.destroy();
    await t?.destroy();
    vi.unstubAllEnvs();
  });
  // Only the stream's own timers are played forward; the database and the live bus keep real time.
  beforeEach(() => void vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] }));
  afterEach(() => {
    for (const abort of aborts.splice(0)) abort.abort();
    vi.useRealTimers();
  });

  /** A client of the demo business, signed in: a user and a session row, as the sign-in leaves them. */
  async function signedInClient(db: Db) {
    const user = await createUser(db, {
      id: randomUUID(),
      email: `${randomUUID()}@example.test`,
      name: "C",
      role: "client",
      businessId: DEMO_BUSINESS.id,
    });
    const sessionToken = randomUUID();
    await db
      .insertInto("sessions")
      .values({ id: randomUUID(), sessionToken, userId: user.id, expires: new Date(Date.now() + 3_600_000) })
      .execute();
    return { userId: user.id, sessionToken };
  }

  async function open(sessionToken: string) {
    const abort = new AbortController();
    aborts.push(abort);
    const response = await GET(
      new Request("http://127.0.0.1/api/events", { headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` }, signal: abort.signal }),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toMatch(/^retry: /);
    /** What arrives until the stream ends or sends an event. */
    return async () => {
      let text = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return { text, ended: true };
        text += decoder.decode(value);
        if (text.includes("event:")) return { text, ended: false };
      }
    };
  }

  it("keeps a valid session's stream open through its checks and sends it its business's comments", async () => {
    const { sessionToken } = await signedInClient(t.db);
    const next = await open(sessionToken);
    vi.advanceTimersByTime(REALTIME_SESSION_CHECK_MS);
    await server.live.publish(comment);
    expect(await next()).toEqual({ text: expect.stringContaining("event: comment"), ended: false });
  });

  it.each([
    ["signed out", (db: Db, c: { sessionToken: string }) => db.deleteFrom("sessions").where("sessionToken", "=", c.sessionToken).execute()],
    [
      "expired",
      (db: Db, c: { sessionToken: string }) =>
        db
          .updateTable("sessions")
          .set({ expires: new Date(0) })
          .where("sessionToken", "=", c.sessionToken)
          .execute(),
    ],
    ["deleted", (db: Db, c: { userId: string }) => db.deleteFrom("users").where("id", "=", c.userId).execute()],
    ["made a designer", (db: Db, c: { userId: string }) => setUserRoleAndBusiness(db, c.userId, { role: "creative" })],
    ["moved to another business", (db: Db, c: { userId: string }) => setUserRoleAndBusiness(db, c.userId, { businessId: "globex" })],
  ])("ends the stream at its next check once the viewer is %s", async (_, change) => {
    const client = await signedInClient(t.db);
    const next = await open(client.sessionToken);
    await change(t.db, client);
    vi.advanceTimersByTime(REALTIME_SESSION_CHECK_MS);
    expect(await next()).toEqual({ text: "", ended: true });
  });

  it("sends nothing of the old business once the viewer moved, even before the next check", async () => {
    const client = await signedInClient(t.db);
    const next = await open(client.sessionToken);
    await setUserRoleAndBusiness(t.db, client.userId, { businessId: "globex" });
    await server.live.publish(comment);
    expect(await next()).toEqual({ text: "", ended: true });
  });
});
