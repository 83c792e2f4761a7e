// The API's answers leave in one piece, gzipped in one go. Next sends a route's answer as a stream: it flushes the
// headers on their own (one more write to the socket) and hands the body to its compression stream, which deflates on
// the thread pool and flushes after every chunk. For the API's answers, whole JSON documents of a few kilobytes, that
// machinery costs more than the deflate itself. Measured with apps/web/bench/scale.bench.ts, this file against the
// marking of small answers before it, two runs each at 32 requests at once: the bell's 12 KB took 0.10-0.13 ms less of
// the web server's CPU per request (throughput +5-8 %), a page of projects 0.03-0.18 ms (+3-9 %), users.me the same.
// Written here, not taken from the compression middleware, because that middleware is the stream this replaces.
//
// For the routes this is applied to, the request reaches Next without Accept-Encoding, so Next leaves the body as it
// is; the headers and body are held, and at the end the body is gzipped when the client accepts gzip, it is JSON or
// text, and it is at least COMPRESS_FROM_BYTES; then headers and body go out in one write. An answer that grows past
// HOLD_LIMIT_BYTES is sent on as it comes, uncompressed: holding it would cost memory, not save time.
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzip as gzipAsync } from "node:zlib";

/** Answers below this size go as they are: gzip would save a few bytes for more CPU than the answer took. */
export const COMPRESS_FROM_BYTES = 1024;
/** Past this, an answer is streamed uncompressed rather than held. */
export const HOLD_LIMIT_BYTES = 4 * 1024 * 1024;

/** Whether an Accept-Encoding value accepts gzip (named or `*`, with a quality above 0). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const value = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const quality = new Map<string, number>();
  for (const part of value.split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith("q="));
    const n = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name, Number.isFinite(n) ? n : 0);
  }
  return (quality.get("gzip") ?? quality.get("*") ?? 0) > 0;
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === "string" ? Buffer.from(chunk, encoding ?? "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Holds `res`'s headers and body until it ends, then sends them in one write, gzipped when worth it. Call before the
 * request is handed on: it takes Accept-Encoding off `req` so that what handles it writes the body uncompressed.
 */
export function sendWholeAnswer(req: IncomingMessage, res: ServerResponse): void {
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  delete req.headers["accept-encoding"];
  res.setHeader("vary", "Accept-Encoding");

  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const held: Buffer[] = [];
  let heldBytes = 0;
  const restore = () => Object.assign(res, original);

  /** Too large to hold, or the headers went out some other way: what was held goes on as it is, the rest as it comes. */
  const streamOn = () => {
    restore();
    for (const chunk of held.splice(0)) res.write(chunk);
  };

  // What writeHead is told is kept on the response as setHeader would keep it: the headers stay open until the end.
  // (flushHeaders, which Next calls first, goes through writeHead too, and so sends nothing.)
  res.writeHead = ((
    statusCode: number,
    reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    more?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ) => {
    res.statusCode = statusCode;
    if (typeof reason === "string") res.statusMessage = reason;
    const headers = typeof reason === "string" ? more : reason;
    if (Array.isArray(headers)) {
      // A flat list of names and values, where a name may come again (Set-Cookie).
      for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(String(headers[i]), headers[i + 1] as string | string[]);
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    }
    return res;
  }) as ServerResponse["writeHead"];
  res.write = ((chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) => {
    const cb = typeof encoding === "function" ? encoding : callback;
    const buffer = toBuffer(chunk, typeof encoding === "string" ? encoding : undefined);
    held.push(buffer);
    heldBytes += buffer.byteLength;
    if (heldBytes > HOLD_LIMIT_BYTES || res.headersSent) streamOn();
    if (cb) process.nextTick(cb);
    return true;
  }) as ServerResponse["write"];
  res.end = ((chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) => {
    const cb = [chunk, encoding, callback].find((a): a is Callback => typeof a === "function");
    if (chunk !== undefined && typeof chunk !== "function") held.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
    restore();
    const body = held.length === 1 ? held[0]! : Buffer.concat(held);
    const send = (data: Buffer, encoding?: "gzip") => {
      if (!res.headersSent) {
        if (encoding) res.setHeader("content-encoding", encoding);
        if (req.method !== "HEAD" && res.statusCode !== 204 && res.statusCode !== 304) res.setHeader("content-length", data.byteLength);
      }
      if (data.byteLength > 0) res.end(data, cb);
      else res.end(cb);
    };
    const type = String(res.getHeader("content-type") ?? "");
    if (
      gzip &&
      !res.headersSent &&
      body.byteLength >= COMPRESS_FROM_BYTES &&
      !res.hasHeader("content-encoding") &&
      /^(application\/(json|[\w.+-]*\+json)|text\/)/i.test(type)
    ) {
      // On the thread pool, in one task: the main thread runs every request and is what bounds the throughput. zlib's
      // default level: 36-57 us for the bell's 12 KB and a projects page's 18 KB; level 1 saved at most 29 us.
      gzipAsync(body, (error, zipped) => (error ? send(body) : send(zipped, "gzip")));
    } else {
      send(body);
    }
    return res;
  }) as ServerResponse["end"];
}
