// node:http plumbing shared by both roles: timeouts, JSON answers, error rendering, CORS, body caps, and TLS with HTTP/2.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from "node:http2";
import type { Server as NetServer, Socket } from "node:net";
import { type Readable, Transform } from "node:stream";
import { finished } from "node:stream/promises";
import type { TLSSocket } from "node:tls";
import type { Readiness } from "@atelier/domain";
import { inServerSpan } from "@atelier/observability";
import { ERRORS, errorBody, toHttpError } from "@atelier/storage";
import { CORS_REQUEST_HEADERS } from "@atelier/upload-engine";
import { z } from "zod";
import { bodyBytesReceived } from "./young-garbage";

const ALLOWED_REQUEST_HEADERS = CORS_REQUEST_HEADERS.join(", ");

/** Each process's probes (README, "Monitoring"): alive, and able to serve. `/health` is the balancer's richer view. */
export const PROBE_PATHS = { alive: "/healthz", ready: "/readyz" } as const;

/** Answers a probe: 200 with every check ok, else 503; each check says only ok or failing. */
export function sendReadiness(res: ServerResponse, readiness: Readiness, headers: Record<string, string> = {}): void {
  sendJson(res, readiness.ready ? 200 : 503, { status: readiness.ready ? "ok" : "failing", checks: readiness.checks }, headers);
}

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
    // Accept-Ranges tells a PDF viewer it may read a large file by ranges instead of whole.
    "Access-Control-Expose-Headers": "ETag, Accept-Ranges, Content-Range, Content-Length, Content-Disposition",
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

// What a request that takes no body may send with one (a few KB, whitespace included).
export const CONTROL_BODY_BYTES = 4 * 1024;

/** A certificate chain and its key, PEM. With them a server speaks TLS, HTTP/2 first and HTTP/1.1 to clients without it. */
const tlsSchema = z.object({ cert: z.string().min(1), key: z.string().min(1) });

type TlsSettings = z.infer<typeof tlsSchema>;

// Timeouts every server applies to every connection, and its TLS when it has one, as settings of each role.
export const connectionSettingsSchema = z.object({
  // Headers must be complete within this long.
  headersTimeoutMs: z.number().int().positive().default(20_000),
  // A connection with no bytes moving for this long is closed; a slow upload that keeps
  // moving is never cut off, whatever its total duration.
  idleTimeoutMs: z.number().int().positive().default(30_000),
  // How long an idle keep-alive connection is kept between requests.
  keepAliveTimeoutMs: z.number().int().positive().default(5_000),
  tls: tlsSchema.optional(),
});

export type ConnectionSettings = z.infer<typeof connectionSettingsSchema>;

/** What both roles hand back, over plain HTTP/1.1 or over TLS: a server that listens, and closes every connection on request. */
export type BaseHttpServer = NetServer & { closeAllConnections(): void; requestTimeout: number; timeout: number };

export type HttpServer = BaseHttpServer & {
  /**
   * A graceful stop (SIGTERM): takes no new connection, answers a request that arrives on a kept-alive one with
   * `Connection: close`, lets the requests in flight (a part half received) finish, and then closes what is left;
   * after `graceMs` whatever still runs is cut off. Resolves once closed.
   */
  drain(graceMs: number): Promise<void>;
};

/** Counts the requests in flight and gives the server its drain. */
function withDrain(server: BaseHttpServer, state: { inFlight: number; draining: boolean; idle: () => void }): HttpServer {
  const drained = server as HttpServer;
  drained.drain = (graceMs) =>
    new Promise<void>((resolve) => {
      state.draining = true;
      server.close(() => resolve());
      const closeIdle = () => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      closeIdle();
      state.idle = () => {
        if (state.inFlight === 0) {
          closeIdle();
          // HTTP/2 sessions and connections that Node does not count as idle: nothing runs on them any more.
          server.closeAllConnections();
        }
      };
      state.idle();
      setTimeout(() => server.closeAllConnections(), graceMs).unref();
    });
  return drained;
}

interface BodyState {
  cap: number;
  read: number;
  // The sender proved who they are: a refusal may read the rest of the body, within its cap,
  // so the client sees the answer instead of a reset. Anyone else is answered and cut off.
  admitted: boolean;
}

const bodies = new WeakMap<IncomingMessage, BodyState>();

function bodyState(req: IncomingMessage): BodyState {
  let state = bodies.get(req);
  if (!state) {
    state = { cap: CONTROL_BODY_BYTES, read: 0, admitted: false };
    bodies.set(req, state);
  }
  return state;
}

/** Sets the most bytes of body `req` may send, whitespace included; a larger declared length is refused at once. */
export function capBody(req: IncomingMessage, bytes: number): void {
  bodyState(req).cap = bytes;
  const declared = firstHeader(req, "content-length");
  if (declared !== undefined && Number(declared) > bytes) throw ERRORS.PayloadTooLarge(bytes);
}

/** Marks the sender of `req` as known (a verified ticket): only then is its body read. */
export function admitBody(req: IncomingMessage): void {
  bodyState(req).admitted = true;
}

/**
 * A server with the connection timeouts applied: node:http, or with `tls` node:http2 taking HTTP/2 and HTTP/1.1 on one
 * port. HTTP/2 lets a browser keep every part of an upload in flight on one connection, where HTTP/1.1 stops at six per
 * origin. A request that takes no body is answered without reading one: when its answer is out and the client is still
 * sending, the connection (an HTTP/2 stream) is closed instead of read to the end.
 */
export function createHttpServer(settings: ConnectionSettings, handler: (req: IncomingMessage, res: ServerResponse) => void): HttpServer {
  const state = { inFlight: 0, draining: false, idle: () => {} };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    state.inFlight += 1;
    res.once("close", () => {
      state.inFlight -= 1;
      state.idle();
    });
    if (state.draining && req.httpVersionMajor === 1) res.setHeader("Connection", "close");
    res.once("finish", () => {
      // On HTTP/2 the request's socket stands for its stream: this resets one stream, not the connection.
      if (!req.complete) req.socket.destroy();
    });
    // node:http's requests already have their span (the HTTP instrumentation's); node:http2's get one here.
    inServerSpan(req, res, () => handler(req, res));
  };
  if (settings.tls) return withDrain(createTlsServer(settings, settings.tls, onRequest), state);
  const server = createServer(
    {
      // Idle-based rather than total-duration-based: see idleTimeoutMs.
      requestTimeout: 0,
      headersTimeout: settings.headersTimeoutMs,
      // How often Node looks for connections past headersTimeout (its default is 30 s).
      connectionsCheckingInterval: Math.min(settings.headersTimeoutMs, 1000),
    },
    onRequest,
  );
  server.timeout = settings.idleTimeoutMs;
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  return withDrain(server, state);
}

const CONNECTION_WINDOW_BYTES = 8 * 1024 * 1024;

function createTlsServer(
  settings: ConnectionSettings,
  tls: TlsSettings,
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
): BaseHttpServer {
  // HTTP/2's compatibility objects stand in for node:http's for everything the routes use (url, method, headers,
  // the body as a stream, complete, aborted and close, writeHead and end); connection headers are dropped on HTTP/2.
  const server = createSecureServer(
    {
      cert: tls.cert,
      key: tls.key,
      allowHTTP1: true,
      // Parts of 10 MiB in base64 arrive on many streams at once: a window of 1 MiB per stream keeps each moving
      // without a round trip per 64 KiB.
      settings: { initialWindowSize: 1024 * 1024, maxConcurrentStreams: 100 },
      // A client that connects and never finishes the handshake is cut off like one that never finishes its headers.
      handshakeTimeout: settings.headersTimeoutMs,
    },
    onRequest as unknown as (req: Http2ServerRequest, res: Http2ServerResponse) => void,
  );
  // An HTTP/2 session (or an HTTP/1.1 connection) with nothing moving for this long is closed.
  server.setTimeout(settings.idleTimeoutMs);
  server.on("session", (session: Http2Session) => {
    // The connection's own window (64 KiB by default) is shared by every stream on it: ten parts at once need more,
    // or the client waits for a window update every few kilobytes.
    session.setLocalWindowSize(CONNECTION_WINDOW_BYTES);
  });
  // Every connection, HTTP/2 or HTTP/1.1, is one TLS socket: destroying it ends its session too.
  const sockets = new Set<TLSSocket>();
  // node:http2 does not apply headersTimeout to the HTTP/1.1 connections it takes, so it is applied here: each request's
  // headers, the first and every next one on a kept-alive connection, must be in within it.
  const headersDue = new WeakMap<Socket, NodeJS.Timeout>();
  const awaitHeaders = (socket: TLSSocket) => {
    clearTimeout(headersDue.get(socket));
    if (!socket.destroyed) headersDue.set(socket, setTimeout(() => socket.destroy(), settings.headersTimeoutMs).unref());
  };
  server.on("secureConnection", (socket: TLSSocket) => {
    sockets.add(socket);
    if (socket.alpnProtocol !== "h2") awaitHeaders(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      clearTimeout(headersDue.get(socket));
    });
  });
  server.on("request", (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => {
    if (req.httpVersionMajor >= 2) return;
    const socket = req.socket as TLSSocket;
    clearTimeout(headersDue.get(socket));
    res.once("finish", () => awaitHeaders(socket));
  });
  return Object.assign(server, {
    // HTTP/1.1 connections on this port take the same timeouts as the plain server's.
    headersTimeout: settings.headersTimeoutMs,
    requestTimeout: 0,
    keepAliveTimeout: settings.keepAliveTimeoutMs,
    timeout: settings.idleTimeoutMs,
    closeAllConnections() {
      for (const socket of sockets) socket.destroy();
    },
  });
}

// The request body behind a pipe that counts it against its cap: a consumer that gives up
// early destroys only the pipe, leaving the socket open so the error can still be answered.
export function requestBody(req: IncomingMessage): Readable {
  const state = bodyState(req);
  const body = new Transform({
    highWaterMark: 64 * 1024,
    transform(chunk: Buffer, _encoding, done) {
      state.read += chunk.length;
      bodyBytesReceived(chunk.length);
      if (state.read > state.cap) done(ERRORS.PayloadTooLarge(state.cap));
      else done(null, chunk);
    },
  });
  const abort = () => {
    if (!req.complete) body.destroy(ERRORS.InvalidBody("truncated"));
  };
  req.on("aborted", abort);
  req.on("close", abort);
  req.on("error", () => body.destroy(ERRORS.InvalidBody("truncated")));
  req.pipe(body);
  return body;
}

/** Reads and drops the rest of a body, within its cap; rejects as requestBody's stream would. */
export async function discardBody(req: IncomingMessage): Promise<void> {
  if (req.readableEnded) return;
  if (req.destroyed) throw ERRORS.InvalidBody("truncated");
  req.unpipe();
  await finished(requestBody(req).resume());
}

export async function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const http = toHttpError(error);
  const state = bodyState(req);
  const drained =
    state.admitted && state.read <= state.cap
      ? await discardBody(req).then(
          () => true,
          () => false,
        )
      : req.complete;
  const headers: Record<string, string> = { ...http.headers, ...extraHeaders };
  // HTTP/2 has no Connection header: there the unread rest of the body resets only this stream (see createHttpServer).
  if (!drained && req.httpVersionMajor < 2) headers.Connection = "close";
  if (res.writableEnded || res.destroyed) return;
  sendJson(res, http.statusCode, errorBody(http), headers);
}

/** A request header by any spelling of its name (node:http lower-cases them), e.g. WIRE_HEADERS.urlPath. */
export function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = firstHeader(req, "authorization");
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}
