import { generateKeyPairSync } from "node:crypto";
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

  const real = { DATABASE_URL: "postgres://db/atelier", AUTH_SECRET: "a".repeat(32), UPLOAD_SECRET: "u".repeat(16) };

  it("takes an Ed25519 private key in PEM as SIGNING_KEY, with \\n for line breaks, and refuses anything else", () => {
    const pem = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(loadConfig({ SIGNING_KEY: pem }).SIGNING_KEY).toBe(pem.trim());
    expect(loadConfig({ SIGNING_KEY: pem.trim().replace(/\n/g, "\\n") }).SIGNING_KEY).toBe(pem.trim());
    expect(loadConfig({ SIGNING_KEY: "" }).SIGNING_KEY).toBeUndefined();
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    for (const SIGNING_KEY of ["not a key", rsa, pem.replace("PRIVATE", "PUBLIC")])
      expect(() => loadConfig({ SIGNING_KEY })).toThrow(/SIGNING_KEY: must be an Ed25519 private key/);
  });

  it("binds to loopback unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ HOST: "127.0.0.1", PORT: 3000 });
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "8080", SMTP_URL: "smtp://mail:25" })).toMatchObject({ HOST: "0.0.0.0", PORT: 8080 });
  });

  it("requires SMTP and shared secrets with an external database, and never seeds demo users there", () => {
    expect(() => loadConfig({ ...real })).toThrow(/SMTP_URL: is required with DATABASE_URL[\s\S]*DANGEROUSLY_ALLOW_DEV_MAILBOX/);
    expect(() => loadConfig({ ...real, SMTP_URL: "smtp://mail:25", DEV_MAILBOX: "true" })).toThrow(/SMTP_URL: is required/);
    expect(loadConfig({ ...real, SMTP_URL: "smtp://mail:25" })).toMatchObject({ devMailbox: false, seedDemo: false });
    expect(loadConfig({ ...real, DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" })).toMatchObject({ devMailbox: true, seedDemo: false });
    expect(() => loadConfig({ DATABASE_URL: real.DATABASE_URL, SMTP_URL: "smtp://mail:25" })).toThrow(
      /AUTH_SECRET: is required with DATABASE_URL[\s\S]*UPLOAD_SECRET: is required with DATABASE_URL/,
    );
    expect(() => loadConfig({ ...real, SMTP_URL: "smtp://mail:25", SEED_DEMO: "true" })).toThrow(
      /SEED_DEMO: is only for the embedded database/,
    );
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("refuses the dev mailbox on a public address unless told loudly", () => {
    for (const HOST of ["0.0.0.0", "::", "192.168.1.10", "atelier.example"]) {
      expect(() => loadConfig({ HOST })).toThrow(/HOST: is .* not loopback[\s\S]*DANGEROUSLY_ALLOW_DEV_MAILBOX=true/);
      expect(loadConfig({ HOST, SMTP_URL: "smtp://mail:25" }).devMailbox).toBe(false);
      expect(loadConfig({ HOST, DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" }).devMailbox).toBe(true);
    }
    expect(loadConfig({ HOST: "localhost" }).devMailbox).toBe(true);
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

  it("refuses webhooks to private addresses unless WEBHOOK_ALLOW_PRIVATE says true", () => {
    expect(loadConfig({}).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "" }).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "true" }).WEBHOOK_ALLOW_PRIVATE).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it("stops taking connections at once unless SHUTDOWN_NOTICE_S asks for a notice of up to two minutes", () => {
    expect(loadConfig({}).SHUTDOWN_NOTICE_S).toBe(0);
    expect(loadConfig({ SHUTDOWN_NOTICE_S: "5" }).SHUTDOWN_NOTICE_S).toBe(5);
    expect(() => loadConfig({ SHUTDOWN_NOTICE_S: "121" })).toThrow(/SHUTDOWN_NOTICE_S/);
    expect(() => loadConfig({ SHUTDOWN_NOTICE_S: "soon" })).toThrow(/SHUTDOWN_NOTICE_S/);
  });
});
