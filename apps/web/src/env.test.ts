import { describe, expect, it } from "vitest";
import { EnvError, loadConfig } from "./env";

describe("loadConfig", () => {
  it("needs no variable for the embedded run", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      APP_URL: "http://localhost:3000",
      DATA_DIR: ".data",
      devMailbox: true,
      seedDemo: true,
      origin: "http://localhost:3000",
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable and why, in one message", () => {
    let error: unknown;
    try {
      loadConfig({ APP_URL: "ftp://x", DATABASE_URL: "mysql://x", AUTH_SECRET: "short", GOOGLE_CLIENT_ID: "id" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid environment variables:/);
    for (const name of ["APP_URL", "DATABASE_URL", "AUTH_SECRET", "GOOGLE_CLIENT_SECRET"]) expect(message).toContain(`  ${name}:`);
    expect(message).toContain("at least 32 characters");
  });

  it("requires SMTP with an external database unless the dev mailbox is asked for", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/atelier" })).toThrow(/SMTP_URL: is required with DATABASE_URL/);
    const config = loadConfig({ DATABASE_URL: "postgres://db/atelier", SMTP_URL: "smtp://mail:25" });
    expect(config).toMatchObject({ devMailbox: false, seedDemo: false });
    expect(loadConfig({ DATABASE_URL: "postgres://db/atelier", DEV_MAILBOX: "true" }).devMailbox).toBe(true);
  });

  it("stores files on disk by default and needs a bucket for S3", () => {
    expect(loadConfig({})).toMatchObject({ STORAGE_DRIVER: "fs", UPLOAD_BALANCER_URL: "http://localhost:3100" });
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET: is required with STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: "gcs" })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ UPLOAD_SECRET: "short" })).toThrow(/UPLOAD_SECRET: must be at least 16 characters/);
  });

  it("parses admin e-mails and refuses a malformed one", () => {
    expect(loadConfig({ ADMIN_EMAILS: " A@x.com, b@y.org ," }).ADMIN_EMAILS).toEqual(["a@x.com", "b@y.org"]);
    expect(() => loadConfig({ ADMIN_EMAILS: "nope" })).toThrow(/ADMIN_EMAILS: "nope" is not an e-mail address/);
  });
});
