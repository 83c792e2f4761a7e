import type { Db } from "@atelier/db";
import type { Mailer } from "@atelier/mail";
import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./magic-link";
import { createAuthOptions } from "./options";

const base = { db: {} as Db, secret: "s".repeat(32), mailer: { kind: "dev-mailbox", send: async () => {} } as Mailer, from: "x@y.z" };

describe("createAuthOptions", () => {
  it("offers only the magic link without social keys", () => {
    expect(createAuthOptions(base).providers.map((p) => p.id)).toEqual(["email"]);
  });

  it("adds each social provider whose keys are configured, and only those", () => {
    const keys = { clientId: "id", clientSecret: "secret" };
    expect(createAuthOptions({ ...base, social: { google: keys, linkedin: keys } }).providers.map((p) => p.id)).toEqual([
      "email",
      "google",
      "linkedin",
    ]);
    expect(createAuthOptions({ ...base, social: { facebook: keys } }).providers.map((p) => p.id)).toEqual(["email", "facebook"]);
  });

  it("signs in by the same form of an address that the magic-link limits count", () => {
    const [email] = createAuthOptions(base).providers;
    expect((email as { options?: { normalizeIdentifier?: unknown } }).options?.normalizeIdentifier).toBe(normalizeEmail);
  });

  it("redirects after sign-in only to a path on this site", async () => {
    const redirect = createAuthOptions(base).callbacks!.redirect!;
    const baseUrl = "http://localhost:3000";
    expect(await redirect({ url: "/projects/p1?x=1", baseUrl })).toBe("http://localhost:3000/projects/p1?x=1");
    expect(await redirect({ url: "http://localhost:3000/users", baseUrl })).toBe("http://localhost:3000/users");
    for (const url of ["https://evil.example/", "//evil.example", "http://localhost:3000//evil.example"]) {
      expect(await redirect({ url, baseUrl })).toBe("http://localhost:3000/");
    }
  });

  it("keeps sessions in the database and sends sign-in pages to /login", () => {
    const options = createAuthOptions(base);
    expect(options.session?.strategy).toBe("database");
    expect(options.pages).toMatchObject({ signIn: "/login", error: "/login" });
  });

  it("exposes the user's role and settings in the session, and a null name until onboarding", async () => {
    const session = await createAuthOptions(base).callbacks!.session!({
      session: { expires: "2030-01-01T00:00:00Z", user: {} },
      user: {
        id: "u1",
        email: "a@b.c",
        emailVerified: null,
        name: null,
        image: null,
        role: "creative",
        emailNotification: false,
        businessId: "b1",
        timeZone: "Asia/Tokyo",
        hourCycle: "h12",
      },
    } as never);
    expect(session.user).toEqual({
      id: "u1",
      name: null,
      email: "a@b.c",
      image: null,
      role: "creative",
      emailNotification: false,
      businessId: "b1",
      timeZone: "Asia/Tokyo",
      hourCycle: "h12",
    });
  });
});
