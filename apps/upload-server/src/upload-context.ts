// What every upload-server route shares: validated settings, the store, the clock, and the request checks.
import { createHash, type Hash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { ERRORS, mediaType, type ObjectStore, ticketCoversPath, tokenRefusal, verifyUploadTicket } from "@atelier/storage";
import { z } from "zod";
import { type DecodeOptions, decodeBase64 } from "./base64-decode";
import type { GroupHasher } from "./group-hasher";
import type { GroupCompletion } from "./groups";
import { admitBody, bearerToken, connectionSettingsSchema, firstHeader, requestBody } from "./http";

const MiB = 1024 * 1024;

export const uploadServerSettingsSchema = z.object({
  secret: z.string().min(16),
  webOrigin: z.url().optional(),
  // The base written into answered urls; without it, the Host the client used.
  publicUrl: z.url().optional(),
  maxPartBytes: z
    .number()
    .int()
    .positive()
    .default(10 * MiB),
  maxUploadBytes: z
    .number()
    .int()
    .positive()
    .default(10 * MiB),
  maxParts: z.number().int().positive().default(512),
  maxFileBytes: z
    .number()
    .int()
    .positive()
    .default(5 * 1024 * MiB),
  groupTtlMs: z
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60 * 1000),
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
  return check;
}

export function authenticate(ctx: UploadContext, req: IncomingMessage): string {
  return verifiedTicket(ctx, req).userId;
}

/** The ticket's user, once the ticket is known to cover `path` (a ticket may be limited to one folder). */
export function authorizePath(ctx: UploadContext, req: IncomingMessage, path: string): string {
  const check = verifiedTicket(ctx, req);
  if (!ticketCoversPath(check.pathPrefix, path)) throw ERRORS.TokenNotForObject();
  return check.userId;
}

export function baseUrl(ctx: UploadContext, req: IncomingMessage): string {
  if (ctx.settings.publicUrl) return ctx.settings.publicUrl.replace(/\/+$/, "");
  const host = firstHeader(req, "host") ?? "";
  return SAFE_HOST.test(host) ? `http://${host}` : "http://localhost";
}

export function positiveInt(req: IncomingMessage, name: string): number {
  const raw = firstHeader(req, name);
  if (raw === undefined) throw ERRORS.InvalidHeader(name, "missing");
  if (!POSITIVE_INT.test(raw.trim())) throw ERRORS.InvalidHeader(name, "must be a positive integer");
  return Number(raw.trim());
}

export function storedContentType(req: IncomingMessage): string {
  // The charset describes the base64 text on the wire, not the file inside it.
  return mediaType(firstHeader(req, "content-type")) || "application/octet-stream";
}

// Base64 grows data by 4/3; allow line breaks and a little more on top: the most a body
// carrying `decodedBytes` may send, whitespace included.
export function maxEncodedLength(decodedBytes: number): number {
  return Math.ceil(decodedBytes / 3) * 4 + Math.ceil(decodedBytes / 48) * 2 + 1024;
}

function expectedSha256(req: IncomingMessage): string | undefined {
  const raw = firstHeader(req, "x-content-sha256");
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

// A part's body decoded from base64 as a stream, checked against `limit` and, when the client
// sent one, against x-content-sha256. Without that header nothing needs a part's digest (the
// file's is taken once at completion), so the part is not hashed: on shared cores every pass
// over the bytes is taken from the upload itself.
export function decodedBody(req: IncomingMessage, limit: number, options: DecodeOptions = {}): AsyncGenerator<Buffer> {
  const expected = expectedSha256(req);
  const decoded = decodeBase64(requestBody(req), limit, options);
  return expected === undefined ? decoded : hashed(decoded, createHash("sha256"), expected);
}

// The same for a body whose digest is answered whatever the headers (a single upload is its
// whole file); the hash holds the digest once the stream has been read to the end.
export function decodedHashedBody(req: IncomingMessage, limit: number): { body: AsyncGenerator<Buffer>; hash: Hash } {
  const expected = expectedSha256(req);
  const hash = createHash("sha256");
  return { body: hashed(decodeBase64(requestBody(req), limit), hash, expected), hash };
}
