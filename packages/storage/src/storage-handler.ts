// Supabase-storage-shaped routes as a web-standard Request -> Response function: signed upload and public GET.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { IMAGE_BUCKETS, imageTypeOf } from "@atelier/domain";
import { z } from "zod";
import { limitBytes } from "./byte-limit";
import { ERRORS, errorResponse, isHttpError, tokenRefusal } from "./errors";
import { contentDisposition, matchesIfNoneMatch, mediaType, resolveRange } from "./http-semantics";
import type { ObjectStore } from "./object-store";
import { securePath } from "./secure-path";
import { uploadSecretSchema } from "./settings";
import { verifySignedUploadToken } from "./tokens";

// The public image buckets are a product rule; the handler serves exactly those by default.
const STORAGE_BUCKETS = IMAGE_BUCKETS;
/** The largest avatar (docs/upload-protocol.md, "Limits"); thumbnails and blur images are far smaller. */
export const STORAGE_MAX_UPLOAD_BYTES = 10_526_316;
const STORAGE_CACHE_CONTROL = "max-age=3600";

const settingsSchema = z.object({
  secret: uploadSecretSchema,
  basePath: z.string().startsWith("/").default("/storage/v1"),
  buckets: z
    .array(z.string().regex(/^[a-z0-9-]+$/))
    .min(1)
    .default([...STORAGE_BUCKETS]),
  maxUploadBytes: z.number().int().positive().default(STORAGE_MAX_UPLOAD_BYTES),
});

/** Each uploader's allowance: asked before an upload is stored, told of it once stored. */
export interface UploadQuota {
  allows(userId: string, bytes: number): Promise<boolean>;
  record(userId: string, key: string, bytes: number): Promise<void>;
}

export interface StorageHandlerConfig {
  store: ObjectStore;
  secret: string;
  quota?: UploadQuota;
  now?: () => number;
  basePath?: string;
  buckets?: string[];
  maxUploadBytes?: number;
  // Sees the real cause of every 500, which the client never does.
  onError?: (error: unknown) => void;
}

export type StorageHandler = (request: Request) => Promise<Response>;

function decodeSegments(segments: string[]): string {
  try {
    return segments.map((segment) => decodeURIComponent(segment)).join("/");
  } catch {
    throw ERRORS.InvalidPath("bad percent-encoding");
  }
}

export function createStorageHandler(config: StorageHandlerConfig): StorageHandler {
  const settings = settingsSchema.parse({
    secret: config.secret,
    basePath: config.basePath,
    buckets: config.buckets,
    maxUploadBytes: config.maxUploadBytes,
  });
  const { store } = config;
  const now = config.now ?? Date.now;
  const base = settings.basePath.replace(/\/+$/, "");

  function objectTarget(rest: string[]): { bucket: string; path: string; key: string } {
    const [bucket = "", ...pathSegments] = rest;
    if (!settings.buckets.includes(bucket)) throw ERRORS.InvalidBucket(bucket);
    const path = securePath(decodeSegments(pathSegments));
    return { bucket, path, key: `${bucket}/${path}` };
  }

  /** The uploaded file's bytes, at most maxUploadBytes: small enough to hold, and its type is read from them. */
  async function readUpload(request: Request): Promise<Uint8Array> {
    const limit = settings.maxUploadBytes;
    const declared = request.headers.get("content-length");
    if (declared !== null && Number(declared) > limit + 64 * 1024) throw ERRORS.PayloadTooLarge(limit);
    const type = request.headers.get("content-type") ?? "";
    if (!request.body) return new Uint8Array(0);
    if (mediaType(type) === "multipart/form-data") {
      // supabase-js sends Blobs as a form; parsing one buffers it, so cap the bytes it may read.
      const capped = Readable.toWeb(
        Readable.from(limitBytes(Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>), limit + 64 * 1024)),
      ) as unknown as ReadableStream<Uint8Array>;
      const form = await new Response(capped, { headers: { "content-type": type } }).formData().catch((error: unknown) => {
        throw isHttpError(error) ? error : ERRORS.InvalidBody("malformed multipart form");
      });
      const file = [...form.values()].find((value) => typeof value !== "string");
      if (!file || typeof file === "string") throw ERRORS.InvalidBody("no file in form");
      if (file.size > limit) throw ERRORS.PayloadTooLarge(limit);
      return new Uint8Array(await file.arrayBuffer());
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of limitBytes(Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>), limit))
      chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async function signedUpload(request: Request, url: URL, rest: string[]): Promise<Response> {
    const target = objectTarget(rest);
    const token = url.searchParams.get("token") ?? request.headers.get("x-signature") ?? undefined;
    if (!token) throw ERRORS.MissingToken();
    const check = verifySignedUploadToken(token, target, settings.secret, now());
    if (!check.ok) throw tokenRefusal(check.reason);
    const upsert = request.headers.get("x-upsert") === "true";
    // Refused before the body is read; the store decides again when two uploads race.
    if (!upsert && (await store.stat(target.key))) throw ERRORS.Duplicate();
    const bytes = await readUpload(request);
    // Images only, whatever type the sender declared: the stored type is the one the bytes are.
    const contentType = imageTypeOf(bytes);
    if (contentType === null) throw ERRORS.NotAnImage();
    if (config.quota && !(await config.quota.allows(check.userId, bytes.length))) throw ERRORS.QuotaExceeded();
    await store.put(target.key, bytes, { contentType, metadata: { owner: check.userId }, noReplace: !upsert });
    await config.quota?.record(check.userId, target.key, bytes.length);
    return Response.json({ Key: target.key, path: target.path }, { status: 200 });
  }

  async function publicGet(request: Request, rest: string[]): Promise<Response> {
    const target = objectTarget(rest);
    const info = await store.stat(target.key);
    if (!info) throw ERRORS.NotFound();
    const headers = new Headers({
      "Content-Type": info.contentType,
      "Cache-Control": STORAGE_CACHE_CONTROL,
      ETag: info.etag,
      "Last-Modified": info.lastModified.toUTCString(),
      "Accept-Ranges": "bytes",
      "X-Content-Type-Options": "nosniff",
    });
    const disposition = contentDisposition(info.contentType, target.key);
    if (disposition) headers.set("Content-Disposition", disposition);
    if (matchesIfNoneMatch(request.headers.get("if-none-match"), info.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const range = resolveRange(request.headers.get("range"), info.size);
    if (range.kind === "unsatisfiable") throw ERRORS.RangeNotSatisfiable(info.size);
    const length = range.kind === "range" ? range.range.end - range.range.start + 1 : info.size;
    headers.set("Content-Length", String(length));
    if (range.kind === "range") {
      headers.set("Content-Range", `bytes ${range.range.start}-${range.range.end}/${info.size}`);
    }
    const status = range.kind === "range" ? 206 : 200;
    if (request.method === "HEAD" || length === 0) return new Response(null, { status, headers });
    const read = await store.get(target.key, range.kind === "range" ? { range: range.range } : {});
    if (!read) throw ERRORS.NotFound();
    const body = Readable.toWeb(read.body) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { status, headers });
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${base}/`)) throw ERRORS.NotFound("Route");
    const segments = url.pathname.slice(base.length + 1).split("/");
    const [area, kind, ...rest] = segments;
    if (area === "object" && kind === "upload" && rest[0] === "sign") {
      if (request.method !== "PUT" && request.method !== "POST") throw ERRORS.MethodNotAllowed("PUT, POST");
      return signedUpload(request, url, rest.slice(1));
    }
    if (area === "object" && kind === "public") {
      if (request.method !== "GET" && request.method !== "HEAD") throw ERRORS.MethodNotAllowed("GET, HEAD");
      return publicGet(request, rest);
    }
    throw ERRORS.NotFound("Route");
  }

  return async (request) => {
    try {
      return await route(request);
    } catch (error) {
      if (!isHttpError(error)) config.onError?.(error);
      return errorResponse(error);
    }
  };
}
