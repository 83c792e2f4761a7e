// The mailer on real PostgreSQL and a real SMTP server: a sign-in link over SMTP, and the dev mailbox without one.
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listDevMail } from "./dev-mailbox";
import { createMailer } from "./mailer";
import { magicLinkMail } from "./sign-in-mails";
import { extractLink, type SmtpSink, startSmtpSink } from "./testing/smtp-sink";

describe("mailer", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  });
  afterAll(async () => {
    await t?.destroy();
    await smtp?.close();
  });

  it("sends the magic link through a real SMTP conversation", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Atelier <no-reply@atelier.test>", db: t.db });
    const url = "http://localhost:3000/api/auth/callback/email?token=abc&email=x%40example.com";
    await mailer.send(magicLinkMail("x@example.com", url, "localhost:3000"));
    const mail = await smtp.waitFor("x@example.com");
    expect(mail.from).toBe("no-reply@atelier.test");
    expect(mail.raw).toContain("Sign in to Atelier");
    expect(extractLink(mail.raw)).toBe(url);
  });

  it("keeps mail in the dev mailbox when no SMTP server is configured", async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: "x", db: t.db, log: (l) => lines.push(l) });
    expect(mailer.kind).toBe("dev-mailbox");
    await mailer.send(magicLinkMail("dev@example.com", "http://localhost:3000/link", "localhost:3000"));
    const [mail] = (await listDevMail(t.db)).filter((m) => m.to === "dev@example.com");
    expect(mail?.text).toContain("http://localhost:3000/link");
    expect(mail?.links).toEqual([{ href: "http://localhost:3000/link", label: "Sign in" }]);
    // The console says who got what, never the link: a log is no place for a way to sign in.
    expect(lines).toEqual([expect.stringMatching(/^\[dev mailbox\] to dev@example\.com: .* \(read it at \/dev\/mailbox\)$/)]);
    expect(lines.join("\n")).not.toContain("/link");
  });
});
