import { describe, expect, it } from "vitest";
import {
  createFileDeleteToken,
  createSignedDownloadToken,
  createSignedUploadToken,
  FILE_DELETE_TTL_MS,
  issueUploadTicket,
  MIN_TOKEN_TTL_MS,
  SIGNED_DOWNLOAD_TTL_MS,
  SIGNED_UPLOAD_TTL_MS,
  ticketCoversPath,
  UPLOAD_TICKET_TTL_MS,
  verifyFileDeleteToken,
  verifySignedDownloadToken,
  verifySignedUploadToken,
  verifyUploadTicket,
} from "./tokens";

const secret = "test-secret-that-is-long-enough";
const now = Date.UTC(2026, 0, 1, 12);
const target = { bucket: "avatars", path: "client/abc.jpg", userId: "user-1" };

describe("signed upload tokens", () => {
  const { token, expiresAt } = createSignedUploadToken(target, secret, now);

  it("verifies for its bucket and path until it expires after two hours", () => {
    expect(expiresAt).toBe(now + SIGNED_UPLOAD_TTL_MS);
    expect(verifySignedUploadToken(token, target, secret, now + SIGNED_UPLOAD_TTL_MS - 1)).toEqual({
      ok: true,
      userId: "user-1",
      expiresAt,
    });
    expect(verifySignedUploadToken(token, target, secret, new Date(expiresAt))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it.each([[{ bucket: "thumbnails", path: target.path }], [{ bucket: "avatars", path: "client/other.jpg" }]])(
    "is refused for another object %j",
    (other) => {
      expect(verifySignedUploadToken(token, other, secret, now)).toEqual({ ok: false, reason: "wrong-object" });
    },
  );

  it.each([
    ["another secret", token, "another-secret-also-long-enough", "bad-signature"],
    ["a flipped payload", token.replace(/\.(.)/, (_m, c: string) => `.${c === "A" ? "B" : "A"}`), secret, "bad-signature"],
    ["garbage", "not-a-token", secret, "malformed"],
    ["a number", 42, secret, "malformed"],
    ["an upload ticket", issueUploadTicket({ userId: "user-1" }, secret, now).ticket, secret, "malformed"],
  ])("is refused with %s", (_label, candidate, key, reason) => {
    expect(verifySignedUploadToken(candidate, target, key, now)).toEqual({ ok: false, reason });
  });
});

describe("upload tickets", () => {
  it("carry the user id and expire after five minutes", () => {
    const { ticket, expiresAt } = issueUploadTicket({ userId: "u9" }, secret, now);
    expect(UPLOAD_TICKET_TTL_MS).toBe(5 * 60 * 1000);
    expect(expiresAt).toBe(now + UPLOAD_TICKET_TTL_MS);
    expect(verifyUploadTicket(ticket, secret, now)).toEqual({ ok: true, userId: "u9", expiresAt });
    expect(verifyUploadTicket(ticket, secret, expiresAt)).toEqual({ ok: false, reason: "expired" });
  });

  it("may be limited to one folder, signed with the rest", () => {
    const { ticket, expiresAt } = issueUploadTicket({ userId: "u9", pathPrefix: "ACME/Summ/2026-11-22-Summer/MATERIALS" }, secret, now);
    expect(verifyUploadTicket(ticket, secret, now)).toEqual({
      ok: true,
      userId: "u9",
      expiresAt,
      pathPrefix: "ACME/Summ/2026-11-22-Summer/MATERIALS",
    });
    expect(ticketCoversPath("ACME/Summ/2026-11-22-Summer/MATERIALS", "ACME/Summ/2026-11-22-Summer/MATERIALS/a.psd")).toBe(true);
    expect(ticketCoversPath("ACME/Summ/2026-11-22-Summer/MATERIALS", "ACME/Summ/2026-11-22-Summer/MATERIALS-x/a.psd")).toBe(false);
    expect(ticketCoversPath("ACME/Summ/2026-11-22-Summer/MATERIALS", "GLOBEX/a.psd")).toBe(false);
    expect(ticketCoversPath(undefined, "GLOBEX/a.psd")).toBe(true);
  });

  it("live as briefly as the issuer asks, within bounds: never longer than the default, never under a second", () => {
    const lifeOf = (ttlMs: number) => issueUploadTicket({ userId: "u9" }, secret, now, ttlMs).expiresAt - now;
    expect(lifeOf(1500)).toBe(1500);
    expect(lifeOf(60_000)).toBe(60_000);
    expect(lifeOf(24 * 60 * 60 * 1000)).toBe(UPLOAD_TICKET_TTL_MS);
    expect(lifeOf(0)).toBe(MIN_TOKEN_TTL_MS);
    expect(lifeOf(-5)).toBe(MIN_TOKEN_TTL_MS);
    expect(lifeOf(Number.NaN)).toBe(UPLOAD_TICKET_TTL_MS);
    const { ticket, expiresAt } = issueUploadTicket({ userId: "u9" }, secret, now, 1500);
    expect(verifyUploadTicket(ticket, secret, expiresAt - 1).ok).toBe(true);
    expect(verifyUploadTicket(ticket, secret, expiresAt)).toEqual({ ok: false, reason: "expired" });
  });

  it("cannot be made from a signed upload token", () => {
    const { token } = createSignedUploadToken(target, secret, now);
    expect(verifyUploadTicket(token, secret, now)).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("signed download tokens", () => {
  it("expire after five minutes, or sooner when the issuer asks, within the same bounds as tickets", () => {
    const target = { path: "a/b.psd", userId: "u1" };
    const { token, expiresAt } = createSignedDownloadToken(target, secret, now);
    expect(SIGNED_DOWNLOAD_TTL_MS).toBe(5 * 60 * 1000);
    expect(expiresAt).toBe(now + SIGNED_DOWNLOAD_TTL_MS);
    expect(verifySignedDownloadToken(token, target, secret, expiresAt - 1).ok).toBe(true);
    expect(verifySignedDownloadToken(token, target, secret, expiresAt)).toEqual({ ok: false, reason: "expired" });
    const lifeOf = (ttlMs: number) => createSignedDownloadToken(target, secret, now, ttlMs).expiresAt - now;
    expect(lifeOf(2000)).toBe(2000);
    expect(lifeOf(60 * 60 * 1000)).toBe(SIGNED_DOWNLOAD_TTL_MS);
    expect(lifeOf(10)).toBe(MIN_TOKEN_TTL_MS);
  });

  it("are bound to one path", () => {
    const { token } = createSignedDownloadToken({ path: "a/b.psd", userId: "u1" }, secret, now);
    expect(verifySignedDownloadToken(token, { path: "a/b.psd" }, secret, now).ok).toBe(true);
    expect(verifySignedDownloadToken(token, { path: "a/c.psd" }, secret, now)).toEqual({
      ok: false,
      reason: "wrong-object",
    });
  });
});

describe("file delete tokens", () => {
  it("are bound to one path, last five minutes, and are no download link (nor the reverse)", () => {
    const { token, expiresAt } = createFileDeleteToken({ path: "a/b.psd", userId: "u1" }, secret, now);
    expect(expiresAt).toBe(now + FILE_DELETE_TTL_MS);
    expect(FILE_DELETE_TTL_MS).toBe(5 * 60 * 1000);
    expect(verifyFileDeleteToken(token, { path: "a/b.psd" }, secret, now)).toEqual({ ok: true, userId: "u1", expiresAt, anyOwner: false });
    // The studio's leave to delete what someone else stored is signed into the token.
    const studio = createFileDeleteToken({ path: "a/b.psd", userId: "s1", anyOwner: true }, secret, now).token;
    expect(verifyFileDeleteToken(studio, { path: "a/b.psd" }, secret, now)).toMatchObject({ ok: true, userId: "s1", anyOwner: true });
    expect(verifyFileDeleteToken(token, { path: "a/c.psd" }, secret, now)).toEqual({ ok: false, reason: "wrong-object" });
    expect(verifyFileDeleteToken(token, { path: "a/b.psd" }, secret, expiresAt)).toEqual({ ok: false, reason: "expired" });
    expect(verifySignedDownloadToken(token, { path: "a/b.psd" }, secret, now).ok).toBe(false);
    const download = createSignedDownloadToken({ path: "a/b.psd", userId: "u1" }, secret, now).token;
    expect(verifyFileDeleteToken(download, { path: "a/b.psd" }, secret, now).ok).toBe(false);
  });
});
