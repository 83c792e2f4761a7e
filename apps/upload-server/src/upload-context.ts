// What every upload-server route shares: validated settings, the store, the clock, and the request checks.
import { createHash, type Hash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { linkToTraceparent } from "@atelier/observability";
import { ERRORS, mediaType, type ObjectStore, ticketCoversPath, tokenRefusal, verifyUploadTicket } from "@atelier/storage";
import { uploadSecretSchema } from "@atelier/storage/settings";
import {
  ASSET_RESTRICTIONS,
  BODY_ENCODINGS,
  type BodyEncoding,
  CHUNK_SIZE,
  MAX_PARTS,
  maxBodyBytes,
  SINGLE_UPLOAD_MAX,
  UNFINISHED_GROUP_TTL_MS,
  WIRE_HEADERS,
} from "@atelier/upload-engine";
import { z } from "zod";
import { type DecodeOptions, decodeBase64 } from "./base64-decode";
import type { GroupHasher } from "./group-hasher";
import type { GroupCompletion } from "./groups";
import { admitBody, bearerToken, connectionSettingsSchema, firstHeader, requestBody } from "./http";
import { rawBody } from "./raw-body";

const uploadServerSettingsSchema = z.object({
  secret: uploadSecretSchema,
  webOrigin: z.url().optional(),
  // The base written into answered urls; without it, the Host the client used.
  publicUrl: z.url().optional(),
  // The limits default to the ones the upload engine plans with, so a client never sends what
  // a server refuses.
  maxPartBytes: z.number().int().positive().default(CHUNK_SIZE),
  maxUploadBytes: z.number().int().positive().default(SINGLE_UPLOAD_MAX),
  // Take raw bytes from clients that send `x-body-encoding: binary`, and say so on /health;
  // base64, the base wire (docs/upload-protocol.md), is always taken.
  binaryParts: z.boolean().default(true),
  maxParts: z.number().int().positive().default(MAX_PARTS),
  maxFileBytes: z.number().int().positive().default(ASSET_RESTRICTIONS.maxFileSize),
  groupTtlMs: z.number().int().positive().default(UNFINISHED_GROUP_TTL_MS),
  cleanupIntervalMs: z
    .number()
    .int()
    .nonnegative()
    .default(10 * 60 * 1000),
  ...connectionSettingsSchema.shape,
  // How long a server completing a group waits for the digest of the server following it
  // (group-hasher.ts) before it hashes the file itself: ample for a follower a few parts
  // behind, short enough that a follower that crashed costs little.
  digestWaitMs: z.number().int().nonnegative().default(3_000),
});

export type UploadServerSettings = z.infer<typeof uploadServerSettingsSchema>;

export interface UploadServerConfig extends z.input<typeof uploadServerSettingsSchema> {
  store: ObjectStore;
  now?: () => number;
  /** When set, /metrics answers whoever sends it as a bearer token; otherwise only this machine (README, "Monitoring"). */
  metricsToken?: string | undefined;
  // Sees the real cause of every 500, which the client never does.
  onError?: (error: unknown) => void;
}

export interface UploadContext {
  store: ObjectStore;
  settings: UploadServerSettings;
  now: () => number;
  // Completions running in this process, so two parts finishing together concatenate once.
  completing: Map<string, Promise<GroupCompletion>>;
  // Groups this process hashes while their parts arrive, by group id.
  hashers: Map<string, GroupHasher>;
}

export function createUploadContext(config: UploadServerConfig): UploadContext {
  return {
    store: config.store,
    settings: uploadServerSettingsSchema.parse(config),
    now: config.now ?? Date.now,
    completing: new Map(),
    hashers: new Map(),
  };
}

const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
const POSITIVE_INT = /^[1-9][0-9]{0,8}$/;
const SAFE_HOST = /^[A-Za-z0-9.\-:[\]]+$/;

function verifiedTicket(ctx: UploadContext, req: IncomingMessage) {
  const ticket = bearerToken(req);
  if (!ticket) throw ERRORS.MissingToken();
  const check = verifyUploadTicket(ticket, ctx.settings.secret, ctx.now());
  if (!check.ok) throw tokenRefusal(check.reason);
  admitBody(req);
  // The request's span links to the web call that issued the ticket (README, "Traces"), once per request.
  if (!tickets.has(req)) linkToTraceparent(check.traceparent, check.requestId ? { "atelier.web.request_id": check.requestId } : {});
  tickets.set(req, { userId: check.userId, ...(check.requestId ? { webRequestId: check.requestId } : {}) });
  return check;
}

const tickets = new WeakMap<IncomingMessage, { userId: string; webRequestId?: string }>();

/** Whose verified ticket a request carried, and the web request that issued it: for its line in the log. */
export function ticketOf(req: IncomingMessage): { userId: string; webRequestId?: string } | undefined {
  return tickets.get(req);
}

/** The ticket's user and the folder it is limited to, if any; every request that touches data starts here. */
export function authenticate(ctx: UploadContext, req: IncomingMessage): { userId: string; pathPrefix?: string } {
  return verifiedTicket(ctx, req);
}

/** The ticket's user, once the ticket is known to cover `path` (a ticket may be limited to one folder). */
export function authorizePath(ctx: UploadContext, req: IncomingMessage, path: string): string {
  const check = verifiedTicket(ctx, req);
  if (!ticketCoversPath(check.pathPrefix, path)) throw ERRORS.TokenNotForObject();
  return check.userId;
}

export function baseUrl(ctx: UploadContext, req: IncomingMessage): string {
  if (ctx.settings.publicUrl) return ctx.settings.publicUrl.replace(/\/+$/, "");
  // HTTP/2 names the host in :authority, HTTP/1.1 in Host; a server with TLS answers https URLs.
  const host = firstHeader(req, ":authority") ?? firstHeader(req, "host") ?? "";
  const scheme = ctx.settings.tls ? "https" : "http";
  return SAFE_HOST.test(host) ? `${scheme}://${host}` : `${scheme}://localhost`;
}

export function positiveInt(req: IncomingMessage, name: string): number {
  const raw = firstHeader(req, name);
  if (raw === undefined) throw ERRORS.InvalidHeader(name, "missing");
  if (!POSITIVE_INT.test(raw.trim())) throw ERRORS.InvalidHeader(name, "must be a positive integer");
  return Number(raw.trim());
}

/** The body encodings this server takes, as /health tells the balancer. */
export function offeredEncodings(settings: UploadServerSettings): BodyEncoding[] {
  return settings.binaryParts ? [BODY_ENCODINGS.base64, BODY_ENCODINGS.binary] : [BODY_ENCODINGS.base64];
}

// What the request says it sends; only bodyEncoding decides whether this server takes it.
function declaredEncoding(req: IncomingMessage): string {
  return firstHeader(req, WIRE_HEADERS.bodyEncoding)?.trim().toLowerCase() || BODY_ENCODINGS.base64;
}

function bodyEncoding(ctx: UploadContext, req: IncomingMessage): BodyEncoding {
  const declared = declaredEncoding(req);
  if (declared === BODY_ENCODINGS.base64) return BODY_ENCODINGS.base64;
  if (declared === BODY_ENCODINGS.binary && ctx.settings.binaryParts) return BODY_ENCODINGS.binary;
  throw ERRORS.UnsupportedEncoding(declared);
}

/** The most a request carrying at most `decodedBytes` may send, in the encoding it declares. */
export function bodyCap(req: IncomingMessage, decodedBytes: number): number {
  const binary = declaredEncoding(req) === BODY_ENCODINGS.binary;
  return maxBodyBytes(decodedBytes, binary ? BODY_ENCODINGS.binary : BODY_ENCODINGS.base64);
}

export function storedContentType(req: IncomingMessage): string {
  // A base64 body's charset describes the text on the wire, not the file inside it; a binary
  // body's Content-Type is octet-stream, and the file's own type comes in x-file-type.
  const binary = declaredEncoding(req) === BODY_ENCODINGS.binary;
  return mediaType(firstHeader(req, binary ? WIRE_HEADERS.fileType : WIRE_HEADERS.contentType)) || "application/octet-stream";
}

function expectedSha256(req: IncomingMessage): string | undefined {
  const raw = firstHeader(req, WIRE_HEADERS.contentSha256);
  if (raw === undefined || raw === "") return undefined;
  if (!SHA256_HEX.test(raw)) throw ERRORS.InvalidHeader("x-content-sha256", "must be 64 hex digits");
  return raw.toLowerCase();
}

// Hashes the decoded bytes as they pass and, at the very end, refuses the body if it does not
// match the client's digest; throwing before the stream ends means nothing is published.
async function* hashed(source: AsyncIterable<Buffer>, hash: Hash, expected: string | undefined): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
  if (expected !== undefined && hash.copy().digest("hex") !== expected) throw ERRORS.ChecksumMismatch();
}

// The body's bytes as a stream: decoded from base64, or taken as they are from a binary body.
function bodyBytes(ctx: UploadContext, req: IncomingMessage, limit: number, options: DecodeOptions): AsyncGenerator<Buffer> {
  const encoding = bodyEncoding(ctx, req);
  return encoding === BODY_ENCODINGS.binary ? rawBody(requestBody(req), limit, options) : decodeBase64(requestBody(req), limit, options);
}

// A part's bytes as a stream, checked against `limit` and, when the client sent one, against
// x-content-sha256, hashed as they pass on their way to the store: one pass. Without that
// header nothing needs a part's digest (the file's is taken once at completion), so the part
// is not hashed: on shared cores every pass over the bytes is taken from the upload itself.
export function decodedBody(ctx: UploadContext, req: IncomingMessage, limit: number, options: DecodeOptions = {}): AsyncGenerator<Buffer> {
  const expected = expectedSha256(req);
  const bytes = bodyBytes(ctx, req, limit, options);
  return expected === undefined ? bytes : hashed(bytes, createHash("sha256"), expected);
}

// The same for a body whose digest is answered whatever the headers (a single upload is its
// whole file); the hash holds the digest once the stream has been read to the end.
export function decodedHashedBody(ctx: UploadContext, req: IncomingMessage, limit: number): { body: AsyncGenerator<Buffer>; hash: Hash } {
  const expected = expectedSha256(req);
  const hash = createHash("sha256");
  return { body: hashed(bodyBytes(ctx, req, limit, {}), hash, expected), hash };
}
