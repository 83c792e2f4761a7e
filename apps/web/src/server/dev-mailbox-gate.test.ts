import { describe, expect, it } from "vitest";
import { isDevMailPath, isLoopbackHost, mayReadDevMail } from "./dev-mailbox-gate";

const local = { boundHost: "127.0.0.1", remoteAddress: "127.0.0.1", headers: { host: "localhost:3000" } };

describe("isLoopbackHost", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1", "localhost", "LOCALHOST"])("%s is this machine", (h) =>
    expect(isLoopbackHost(h)).toBe(true),
  );
  it.each(["0.0.0.0", "::", "10.0.0.1", "192.168.1.2", "128.0.0.1", "::ffff:10.0.0.1", "localhost.evil.example", "example.com"])(
    "%s is not",
    (h) => expect(isLoopbackHost(h)).toBe(false),
  );
});

describe("mayReadDevMail", () => {
  it("lets a browser on this machine in", () => {
    expect(mayReadDevMail(local)).toBe(true);
    expect(mayReadDevMail({ ...local, headers: { host: "127.0.0.1:3000" } })).toBe(true);
    expect(mayReadDevMail({ boundHost: "::1", remoteAddress: "::1", headers: { host: "[::1]:3000" } })).toBe(true);
    expect(mayReadDevMail({ ...local, headers: { host: "localhost" } })).toBe(true);
  });

  it("refuses every way a remote client could get there", () => {
    expect(mayReadDevMail({ ...local, boundHost: "0.0.0.0" })).toBe(false);
    expect(mayReadDevMail({ ...local, boundHost: "::" })).toBe(false);
    expect(mayReadDevMail({ ...local, remoteAddress: "10.0.0.2" })).toBe(false);
    expect(mayReadDevMail({ ...local, remoteAddress: "::ffff:192.168.1.9" })).toBe(false);
    expect(mayReadDevMail({ ...local, remoteAddress: undefined })).toBe(false);
    for (const host of ["atelier.example", "localhost.evil.example", "127.0.0.1.nip.io", "10.0.0.1:3000", undefined]) {
      expect(mayReadDevMail({ ...local, headers: { host } })).toBe(false);
    }
    for (const name of ["forwarded", "x-forwarded-for", "X-Forwarded-Host", "x-forwarded-proto", "x-real-ip", "via"]) {
      expect(mayReadDevMail({ ...local, headers: { ...local.headers, [name]: "127.0.0.1" } })).toBe(false);
    }
  });
});

describe("isDevMailPath", () => {
  it.each([
    "/dev/mailbox",
    "/dev/mailbox?_rsc=1",
    "/dev",
    "/DEV/Mailbox",
    "//dev//mailbox",
    "/dev/%6dailbox",
    "/%64ev/mailbox",
    "/dev/mailbox.rsc",
    "/%E0%A4%A",
    "http://localhost:3000/dev/mailbox",
  ])("%s is gated", (url) => expect(isDevMailPath(url)).toBe(true));
  it.each(["/", "/login", "/developers", "/projects/dev", "/api/auth/providers"])("%s is not", (url) =>
    expect(isDevMailPath(url)).toBe(false),
  );
});
