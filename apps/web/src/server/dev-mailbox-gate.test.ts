import { describe, expect, it } from "vitest";
import {
  devMailVerdictFor,
  hasDevMailVerdict,
  isDevMailPath,
  isLoopbackHost,
  isNormalTarget,
  mayReadDevMail,
  normalPath,
} from "./dev-mailbox-gate";

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
    "/x/../dev/mailbox",
    "/./dev/mailbox",
    "/%2e/dev/mailbox",
    "/x/%2e%2e/dev/mailbox",
    "/x/%2E%2e/dev/mailbox",
    "/x/.%2e/dev/mailbox",
    "/x/..\\dev/mailbox",
    "/dev%2fmailbox",
    "/dev%5cmailbox",
    "/x/..%2fdev/mailbox",
    "http://localhost:3000/x/../dev/mailbox",
  ])("%s is gated", (url) => expect(isDevMailPath(url)).toBe(true));
  it.each(["/", "/login", "/developers", "/projects/dev", "/api/auth/providers"])("%s is not", (url) =>
    expect(isDevMailPath(url)).toBe(false),
  );
});

describe("normal paths", () => {
  it.each([
    ["/x/../dev/mailbox", "/dev/mailbox"],
    ["/./dev/mailbox", "/dev/mailbox"],
    ["/%2e/dev/mailbox", "/dev/mailbox"],
    ["/x/%2e%2e/dev/mailbox?a=b", "/dev/mailbox"],
    ["//dev///mailbox", "/dev/mailbox"],
    ["/a\\..\\dev", "/dev"],
    ["/projects/abc", "/projects/abc"],
  ])("%s reads as %s", (url, normal) => expect(normalPath(url)).toBe(normal));

  it.each([
    "/",
    "/login?callbackUrl=%2Fprojects%2F..%2Fx",
    "/projects/7b0c",
    "/dev/%6dailbox",
    "/_next/static/chunks/a.b.js",
    "/files/a%20b.pdf",
    "/...",
    "/a..b/.c",
    "*",
  ])("%s is in normal form", (url) => expect(isNormalTarget(url)).toBe(true));

  it.each([
    "/x/../dev/mailbox",
    "/./dev/mailbox",
    "/%2e/dev/mailbox",
    "/%2E%2E/dev",
    "/x/%2e%2e/dev/mailbox",
    "/x/.%2e/dev/mailbox",
    "/x/..",
    "/x/.",
    "//dev/mailbox",
    "/dev//mailbox/",
    "/dev%2f%2fmailbox",
    "/x\\..\\dev",
    "/x%5c..%5cdev",
    "/de\tv/mailbox",
    "http://localhost:3000/dev/mailbox",
    "dev/mailbox",
    "",
    undefined,
  ])("%s is refused", (url) => expect(isNormalTarget(url)).toBe(false));
});

describe("the mailbox page's verdict", () => {
  it("is this process's secret on a request the gate let in, and nothing a client could guess", () => {
    expect(devMailVerdictFor(false)).toBeUndefined();
    const verdict = devMailVerdictFor(true);
    expect(verdict).toMatch(/^[0-9a-f-]{36}$/);
    expect(hasDevMailVerdict(verdict ?? null)).toBe(true);
    expect(hasDevMailVerdict(null)).toBe(false);
    expect(hasDevMailVerdict("1")).toBe(false);
    expect(hasDevMailVerdict("")).toBe(false);
  });
});
