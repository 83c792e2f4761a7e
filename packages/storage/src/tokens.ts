// HMAC-signed capabilities: signed-upload tokens, upload tickets and download links; time comes in as an argument.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNED_UPLOAD_TTL_MS = 2 * 60 * 60 * 1000;
// Tickets and download links are checked by the upload servers alone, with nothing to revoke: their
// lifetime is how long a person deactivated or moved to another business keeps access. The browser
// renews a ticket while an upload runs, so a long upload needs no long ticket.
export const UPLOAD_TICKET_TTL_MS = 5 * 60 * 1000;
export const SIGNED_DOWNLOAD_TTL_MS = 5 * 60 * 1000;
// The shortest lifetime an issuer may ask for: under a second, a ticket can expire on its way.
export const MIN_TOKEN_TTL_MS = 1000;
// A deletion is asked for by the web app right after it decided it, so its token lives briefly.
export const FILE_DELETE_TTL_MS = 5 * 60 * 1000;

type TokenKind = "upload" | "ticket" | "download" | "delete";

interface Claims {
  // The kind is signed so a ticket can never pass as a signed-upload token or the reverse.
  k: TokenKind;
  sub: string;
  exp: number;
  b?: string;
  p?: string;
  /** On a delete token: the holder may delete the file whoever stored it (the studio). */
  o?: 1;
  /** On a ticket: the id of the web request that issued it. */
  r?: string;
  /** On a ticket: the span that issued it, as a W3C traceparent. */
  t?: string;
}

export type TokenFailure = "malformed" | "bad-signature" | "expired" | "wrong-object";

export type TokenCheck<T> = ({ ok: true } & T) | { ok: false; reason: TokenFailure };

export interface SignedToken {
  token: string;
  expiresAt: number;
}

export interface UploadTicket {
  ticket: string;
  expiresAt: number;
}

const VERSION = "v1";

function toMs(now: number | Date): number {
  return typeof now === "number" ? now : now.getTime();
}

/**
 * The lifetime an issuer asked for, kept between MIN_TOKEN_TTL_MS and the default: an issuer may
 * shorten a capability's life, never lengthen it.
 */
function boundedTtl(ttlMs: number | undefined, defaultMs: number): number {
  if (ttlMs === undefined || !Number.isFinite(ttlMs)) return defaultMs;
  return Math.min(defaultMs, Math.max(MIN_TOKEN_TTL_MS, Math.floor(ttlMs)));
}

function mac(secret: string, data: string): Buffer {
  return createHmac("sha256", secret).update(data).digest();
}

function sign(claims: Claims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${mac(secret, signed).toString("base64url")}`;
}

function verify(token: unknown, kind: TokenKind, secret: string, now: number | Date): Claims | TokenFailure {
  if (typeof token !== "string" || token.length > 4096) return "malformed";
  const pieces = token.split(".");
  if (pieces.length !== 3 || pieces[0] !== VERSION) return "malformed";
  const [, payload = "", signature = ""] = pieces;
  const expected = mac(secret, `${VERSION}.${payload}`);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad-signature";
  let claims: Partial<Claims>;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<Claims>;
  } catch {
    return "malformed";
  }
  if (claims.k !== kind || typeof claims.sub !== "string" || typeof claims.exp !== "number") return "malformed";
  if (toMs(now) >= claims.exp) return "expired";
  return claims as Claims;
}

export function createSignedUploadToken(
  target: { bucket: string; path: string; userId: string },
  secret: string,
  now: number | Date,
): SignedToken {
  const expiresAt = toMs(now) + SIGNED_UPLOAD_TTL_MS;
  return {
    token: sign({ k: "upload", sub: target.userId, exp: expiresAt, b: target.bucket, p: target.path }, secret),
    expiresAt,
  };
}

export function verifySignedUploadToken(
  token: unknown,
  target: { bucket: string; path: string },
  secret: string,
  now: number | Date,
): TokenCheck<{ userId: string; expiresAt: number }> {
  const claims = verify(token, "upload", secret, now);
  if (typeof claims === "string") return { ok: false, reason: claims };
  if (claims.b !== target.bucket || claims.p !== target.path) return { ok: false, reason: "wrong-object" };
  return { ok: true, userId: claims.sub, expiresAt: claims.exp };
}

/**
 * A ticket for the upload servers. With `pathPrefix` it covers only files under that folder, so a
 * ticket for one project's files cannot write or read another's. It lives `ttlMs` (bounded, see
 * boundedTtl), UPLOAD_TICKET_TTL_MS when not given.
 */
export function issueUploadTicket(
  subject: { userId: string; pathPrefix?: string; requestId?: string | undefined; traceparent?: string | undefined },
  secret: string,
  now: number | Date,
  ttlMs?: number,
): UploadTicket {
  const expiresAt = toMs(now) + boundedTtl(ttlMs, UPLOAD_TICKET_TTL_MS);
  const claims: Claims = {
    k: "ticket",
    sub: subject.userId,
    exp: expiresAt,
    ...(subject.pathPrefix ? { p: subject.pathPrefix } : {}),
    // The web request that issued it, which the upload servers' logs name beside each part's own.
    ...(subject.requestId ? { r: subject.requestId } : {}),
    // And its span (a W3C traceparent, when tracing is on), which the upload servers' request spans link to.
    ...(subject.traceparent ? { t: subject.traceparent } : {}),
  };
  return { ticket: sign(claims, secret), expiresAt };
}

/** Whether a ticket's folder (if it has one) holds `path`. */
export function ticketCoversPath(pathPrefix: string | undefined, path: string): boolean {
  if (pathPrefix === undefined) return true;
  return path.startsWith(`${pathPrefix.replace(/\/+$/, "")}/`);
}

export function verifyUploadTicket(
  ticket: unknown,
  secret: string,
  now: number | Date,
): TokenCheck<{ userId: string; expiresAt: number; pathPrefix?: string; requestId?: string; traceparent?: string }> {
  const claims = verify(ticket, "ticket", secret, now);
  if (typeof claims === "string") return { ok: false, reason: claims };
  return {
    ok: true,
    userId: claims.sub,
    expiresAt: claims.exp,
    ...(typeof claims.p === "string" ? { pathPrefix: claims.p } : {}),
    ...(typeof claims.r === "string" ? { requestId: claims.r } : {}),
    ...(typeof claims.t === "string" ? { traceparent: claims.t } : {}),
  };
}

// Tokens bound to one stored path: a kind, a subject, an expiry and the path.
function signPathToken(
  kind: "download",
  ttlMs: number,
  target: { path: string; userId: string },
  secret: string,
  now: number | Date,
): SignedToken {
  const expiresAt = toMs(now) + ttlMs;
  return { token: sign({ k: kind, sub: target.userId, exp: expiresAt, p: target.path }, secret), expiresAt };
}

function verifyPathToken(
  kind: "download",
  token: unknown,
  target: { path: string },
  secret: string,
  now: number | Date,
): TokenCheck<{ userId: string; expiresAt: number }> {
  const claims = verify(token, kind, secret, now);
  if (typeof claims === "string") return { ok: false, reason: claims };
  if (claims.p !== target.path) return { ok: false, reason: "wrong-object" };
  return { ok: true, userId: claims.sub, expiresAt: claims.exp };
}

// A link for places that cannot send an Authorization header (an <a href>, an <img src>); it lives
// `ttlMs` (bounded, see boundedTtl), SIGNED_DOWNLOAD_TTL_MS when not given.
export function createSignedDownloadToken(
  target: { path: string; userId: string },
  secret: string,
  now: number | Date,
  ttlMs?: number,
): SignedToken {
  return signPathToken("download", boundedTtl(ttlMs, SIGNED_DOWNLOAD_TTL_MS), target, secret, now);
}

export function verifySignedDownloadToken(token: unknown, target: { path: string }, secret: string, now: number | Date) {
  return verifyPathToken("download", token, target, secret, now);
}

/**
 * The web app's leave to delete one stored file, given once it has checked who may remove it: the
 * upload servers let it delete only a file its holder stored, unless `anyOwner` (the studio) says otherwise.
 */
export function createFileDeleteToken(
  target: { path: string; userId: string; anyOwner?: boolean },
  secret: string,
  now: number | Date,
): SignedToken {
  const expiresAt = toMs(now) + FILE_DELETE_TTL_MS;
  const claims: Claims = { k: "delete", sub: target.userId, exp: expiresAt, p: target.path, ...(target.anyOwner ? { o: 1 } : {}) };
  return { token: sign(claims, secret), expiresAt };
}

export function verifyFileDeleteToken(
  token: unknown,
  target: { path: string },
  secret: string,
  now: number | Date,
): TokenCheck<{ userId: string; expiresAt: number; anyOwner: boolean }> {
  const claims = verify(token, "delete", secret, now);
  if (typeof claims === "string") return { ok: false, reason: claims };
  if (claims.p !== target.path) return { ok: false, reason: "wrong-object" };
  return { ok: true, userId: claims.sub, expiresAt: claims.exp, anyOwner: claims.o === 1 };
}
