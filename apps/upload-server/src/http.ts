// node:http plumbing shared by both roles: JSON answers, error rendering, CORS, body handling.
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough, type Readable } from "node:stream";
import { ERRORS, errorBody, toHttpError } from "@atelier/storage";

export const ALLOWED_REQUEST_HEADERS = [
  "authorization",
  "content-type",
  "urlpath",
  "part",
  "parts",
  "egnyte_id",
  "x-content-sha256",
  "x-file-size",
  "x-failed-server",
  "range",
  "if-none-match",
].join(", ");

// Bodies smaller than this are read to the end before an early error is answered, so the
// client sees the JSON instead of a reset; larger ones get the answer and a closed connection.
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

export function corsHeaders(req: IncomingMessage, webOrigin: string | undefined): Record<string, string> {
  const origin = req.headers.origin;
  if (!webOrigin) return {};
  // Answers differ by Origin, so caches must key on it even when this one is refused.
  if (origin !== webOrigin) return { Vary: "Origin" };
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": "ETag, Content-Range, Content-Length, Content-Disposition",
    Vary: "Origin",
  };
}

// Answers a preflight; true when it was one.
export function handlePreflight(req: IncomingMessage, res: ServerResponse, webOrigin: string | undefined): boolean {
  if (req.method !== "OPTIONS") return false;
  const cors = corsHeaders(req, webOrigin);
  if (!cors["Access-Control-Allow-Origin"]) {
    sendJson(res, 403, { statusCode: 403, error: "Forbidden", message: "Origin not allowed" });
    return true;
  }
  res.writeHead(204, {
    ...cors,
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS,
    "Access-Control-Max-Age": "600",
  });
  res.end();
  return true;
}

// The request body behind a pipe: a consumer that gives up early destroys only the pipe,
// leaving the socket open so the error can still be answered.
export function requestBody(req: IncomingMessage): Readable {
  const body = new PassThrough({ highWaterMark: 64 * 1024 });
  const abort = () => {
    if (!req.complete) body.destroy(ERRORS.InvalidBody("truncated"));
  };
  req.on("aborted", abort);
  req.on("close", abort);
  req.on("error", () => body.destroy(ERRORS.InvalidBody("truncated")));
  req.pipe(body);
  return body;
}

// Reads and discards what is left of a body; false if it was too much to wait for.
export function drainRequest(req: IncomingMessage): Promise<boolean> {
  if (req.complete || req.destroyed) return Promise.resolve(req.complete);
  return new Promise((resolve) => {
    let seen = 0;
    req.unpipe();
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) {
        req.off("data", onData);
        req.pause();
        resolve(false);
      }
    };
    req.on("data", onData);
    req.once("end", () => resolve(true));
    req.once("close", () => resolve(req.complete));
    req.resume();
  });
}

export async function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const http = toHttpError(error);
  const declared = Number(req.headers["content-length"] ?? 0);
  const drained = declared > DRAIN_LIMIT_BYTES ? false : await drainRequest(req);
  const headers: Record<string, string> = { ...http.headers, ...extraHeaders };
  if (!drained) headers.Connection = "close";
  if (res.writableEnded || res.destroyed) return;
  sendJson(res, http.statusCode, errorBody(http), headers);
}

export function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = firstHeader(req, "authorization");
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}
