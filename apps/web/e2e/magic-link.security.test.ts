// The limits on magic links, attacked through the built app: body and address variants, forged CSRF, lock-outs, mail bombing.
// Each client sends from its own loopback address, and names it in the client-address header too, so the
// limit sees one client per address whether or not a web server in front sets that header.
import { request } from "node:http";
import { MAGIC_LINK_CLIENT_LIMIT, MAGIC_LINK_LIMIT } from "@atelier/auth";
import { seedDemo, sql } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../src/server/client-address";
import { type RunningApp, startApp } from "./harness";

/** The longest a stranger may keep an owner from their sign-in link. */
const SHORT_WINDOW_MS = 5 * 60_000;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

describe("magic-link limits (built app, PostgreSQL, SMTP)", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  let app: RunningApp;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([createTestDatabase(), startSmtpSink()]);
    await seedDemo(t.db);
    app = await startApp({ DATABASE_URL: t.url, SMTP_URL: smtp.url, MAIL_FROM: "Atelier <no-reply@atelier.test>" });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await t?.destroy();
  });

  /** A client on a loopback address of its own, or one whose request reaches `app` from `socket` naming it in X-Forwarded-For. */
  type Client = string | { app: RunningApp; socket: string; forwardedFor: string };

  function send(client: Client, method: string, path: string, headers: Record<string, string> = {}, body = ""): Promise<Answer> {
    const [target, socket, forwarded] =
      typeof client === "string" ? [app, client, {}] : [client.app, client.socket, { "x-forwarded-for": client.forwardedFor }];
    const url = new URL(path, target.url);
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          localAddress: socket,
          headers: { ...headers, ...forwarded, [CLIENT_ADDRESS_HEADER]: socket, "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  /** A CSRF token and its cookie, fetched as any client can. */
  async function csrf(client: Client): Promise<{ csrfToken: string; cookie: string }> {
    const res = await send(client, "GET", "/api/auth/csrf");
    const setCookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("next-auth.csrf-token="));
    if (!setCookie) throw new Error(`no CSRF cookie: ${res.status} ${res.text}`);
    return { csrfToken: (JSON.parse(res.text) as { csrfToken: string }).csrfToken, cookie: setCookie.split(";")[0] as string };
  }

  type Body = { email: string; csrfToken: string; json?: string };
  function askForLink(client: Client, cookie: string, body: Body, as: "form" | "json" = "form"): Promise<Answer> {
    const payload = { json: "true", ...body };
    return as === "json"
      ? send(client, "POST", "/api/auth/signin/email", { "content-type": "application/json", cookie }, JSON.stringify(payload))
      : send(
          client,
          "POST",
          "/api/auth/signin/email",
          { "content-type": "application/x-www-form-urlencoded", cookie },
          new URLSearchParams(payload).toString(),
        );
  }

  /** Asks as next-auth's own login page does, and says whether a link was sent (true) or refused by a limit (false). */
  async function linkSent(client: Client, email: string, as: "form" | "json" = "form"): Promise<boolean> {
    const { csrfToken, cookie } = await csrf(client);
    const res = await askForLink(client, cookie, { email, csrfToken }, as);
    if (res.status === 429) return false;
    expect(res.status).toBe(200);
    expect((JSON.parse(res.text) as { url: string }).url).not.toMatch(/error|csrf/);
    return true;
  }

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).length;

  it("counts JSON bodies, a comma tail and full-width look-alikes against the one address they sign in to", async () => {
    const variants: [string, "form" | "json"][] = [
      ["victim@example.com", "form"],
      ["Victim@Example.com", "json"],
      ["victim@example.com,1", "form"],
      ["ｖｉｃｔｉｍ＠ｅｘａｍｐｌｅ．ｃｏｍ", "json"],
      [" VICTIM@example.com,attacker.example ", "json"],
    ];
    expect(variants).toHaveLength(MAGIC_LINK_LIMIT);
    for (const [email, as] of variants) expect(await linkSent("127.0.0.2", email, as)).toBe(true);
    expect(mailsTo("victim@example.com")).toBe(MAGIC_LINK_LIMIT);
    for (const [email, as] of variants) expect(await linkSent("127.0.0.3", email, as)).toBe(false);
    expect(mailsTo("victim@example.com")).toBe(MAGIC_LINK_LIMIT);
  });

  it("does not count a stranger's requests that fail the CSRF check: the admin still gets a link", async () => {
    const stranger = "127.0.0.4";
    const { csrfToken, cookie } = await csrf(stranger);
    const forged = [
      { cookie: "", csrfToken: "x" },
      { cookie, csrfToken: "0".repeat(64) },
      { cookie: `next-auth.csrf-token=${csrfToken}%7C${"0".repeat(64)}`, csrfToken },
    ];
    for (let i = 0; i < 4 * MAGIC_LINK_LIMIT; i++) {
      const attempt = forged[i % forged.length] as (typeof forged)[number];
      const res = await askForLink(
        stranger,
        attempt.cookie,
        { email: "admin@atelier.local", csrfToken: attempt.csrfToken },
        i % 2 ? "json" : "form",
      );
      expect(res.status).toBe(200);
      expect((JSON.parse(res.text) as { url: string }).url).toContain("csrf=true");
    }
    expect(mailsTo("admin@atelier.local")).toBe(0);
    expect(await linkSent("127.0.0.5", "admin@atelier.local")).toBe(true);
    expect(mailsTo("admin@atelier.local")).toBe(1);
  });

  it("lets a stranger with valid CSRF tokens block an owner's link for a few minutes at most", async () => {
    for (let i = 0; i < MAGIC_LINK_LIMIT; i++) expect(await linkSent("127.0.0.6", "owner@example.com")).toBe(true);
    expect(await linkSent("127.0.0.7", "owner@example.com")).toBe(false);
    // The short window passes.
    await sql`update sign_in_attempts set created_at = created_at - ${`${SHORT_WINDOW_MS} milliseconds`}::interval`.execute(t.db);
    expect(await linkSent("127.0.0.7", "owner@example.com")).toBe(true);
  });

  it("stops one client from asking for links to many addresses past its limit, and only that client", async () => {
    const bomber = "127.0.0.8";
    for (let i = 0; i < MAGIC_LINK_CLIENT_LIMIT; i++) expect(await linkSent(bomber, `inbox${i}@example.com`)).toBe(true);
    expect(await linkSent(bomber, "inbox-last@example.com")).toBe(false);
    expect(await linkSent(bomber, "inbox-last@example.com", "json")).toBe(false);
    expect(mailsTo("inbox-last@example.com")).toBe(0);
    expect(await linkSent("127.0.0.9", "inbox-last@example.com")).toBe(true);
  });

  it("behind a trusted proxy, counts each client it forwards apart, and believes no forwarded address from anyone else", async () => {
    // 127.0.0.1 stands for the reverse proxy; 127.0.0.20 for a client that reaches the web app without it.
    const proxied = await startApp({ DATABASE_URL: t.url, SMTP_URL: smtp.url, TRUSTED_PROXIES: "127.0.0.1" });
    try {
      const behindProxy = (address: string): Client => ({ app: proxied, socket: "127.0.0.1", forwardedFor: `6.6.6.6, ${address}` });
      for (let i = 0; i < MAGIC_LINK_CLIENT_LIMIT; i++)
        expect(await linkSent(behindProxy("198.51.100.1"), `proxied${i}@example.com`)).toBe(true);
      expect(await linkSent(behindProxy("198.51.100.1"), "proxied-last@example.com")).toBe(false);
      // Another client behind the same proxy has a quota of its own.
      expect(await linkSent(behindProxy("198.51.100.2"), "proxied-last@example.com")).toBe(true);
      // A client that is no trusted proxy forges a new X-Forwarded-For each time: all count as its own address.
      const direct = (i: number): Client => ({ app: proxied, socket: "127.0.0.20", forwardedFor: `203.0.113.${i}` });
      for (let i = 0; i < MAGIC_LINK_CLIENT_LIMIT; i++) expect(await linkSent(direct(i), `forged${i}@example.com`)).toBe(true);
      expect(await linkSent(direct(99), "forged-last@example.com")).toBe(false);
    } finally {
      await proxied.stop();
    }
  });
});
