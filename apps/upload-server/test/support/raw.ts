// Low-level requests for tests that must send what no well-behaved client would.
import { request } from "node:http";
import { connect } from "node:net";
import { connect as tlsConnect } from "node:tls";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// Sends the headers and only `send` bytes of the body, then waits for the answer or the close.
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string | number>;
    body?: Buffer | string;
    endBody?: boolean;
    // Drops the connection right after writing, like a client that crashed mid-body.
    abortAfterWrite?: boolean;
  },
): Promise<RawAnswer | { closed: true }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? "POST",
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", () => resolve({ closed: true }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE" || error.message.includes("socket hang up")) {
        resolve({ closed: true });
      } else {
        reject(error);
      }
    });
    if (options.body !== undefined) req.write(options.body);
    if (options.abortAfterWrite) {
      req.flushHeaders();
      setImmediate(() => {
        req.destroy();
        resolve({ closed: true });
      });
    } else if (options.endBody === false) {
      // Node holds headers back until the first body write; send them now.
      req.flushHeaders();
    } else {
      req.end();
    }
  });
}

export interface Trickled {
  // What the server sent before the connection closed or the deadline passed.
  answer: string;
  status?: number;
  // Body bytes written (chunk framing not counted).
  sent: number;
  // When the server closed the connection; undefined when it was still open at the deadline.
  closedAfterMs?: number;
}

/**
 * Sends a request over a raw socket and then its body a piece at a time, `everyMs` apart (0: as
 * fast as the socket takes it), until the server answers or `maxBytes` are sent.
 * Resolves when the server closes the connection, or at `deadlineMs`, when the socket is destroyed.
 */
export function trickle(
  url: string,
  options: {
    method?: string;
    headers: Record<string, string | number>;
    // The next piece of the body, given how many bytes were sent before it.
    piece: (sent: number) => string;
    everyMs: number;
    maxBytes: number;
    // Chunked transfer encoding instead of a Content-Length the caller sets in headers.
    chunked?: boolean;
    deadlineMs: number;
    // Leaves the header block open: the pieces extend its last header line instead of a body.
    unfinishedHead?: boolean;
    // For an https URL: the certificate to trust. The request goes as HTTP/1.1 over TLS.
    ca?: string;
  },
): Promise<Trickled> {
  const target = new URL(url);
  const started = Date.now();
  const socket =
    target.protocol === "https:"
      ? tlsConnect({ host: target.hostname, port: Number(target.port), ca: options.ca, ALPNProtocols: ["http/1.1"] })
      : connect({ host: target.hostname, port: Number(target.port) });
  let answer = "";
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const headers = { host: target.host, ...options.headers, ...(options.chunked ? { "transfer-encoding": "chunked" } : {}) };
  const head = `${options.method ?? "POST"} ${target.pathname}${target.search} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`.slice(0, options.unfinishedHead ? -4 : undefined);
  const sendPiece = () => {
    if (answer !== "" || socket.destroyed) return;
    if (sent >= options.maxBytes) {
      if (options.chunked) socket.write("0\r\n\r\n");
      return;
    }
    const piece = options.piece(sent).slice(0, options.maxBytes - sent);
    sent += piece.length;
    const flushed = socket.write(options.chunked ? `${piece.length.toString(16)}\r\n${piece}\r\n` : piece);
    const next = () => {
      timer = setTimeout(sendPiece, options.everyMs);
    };
    if (flushed) next();
    else socket.once("drain", next);
  };
  return new Promise((resolve) => {
    const done = (closed: boolean) => {
      clearTimeout(timer);
      clearTimeout(deadline);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      resolve({ answer, status: status ? Number(status) : undefined, sent, closedAfterMs: closed ? Date.now() - started : undefined });
    };
    const deadline = setTimeout(() => done(false), options.deadlineMs);
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", () => undefined);
    socket.on("close", () => done(true));
    socket.once(target.protocol === "https:" ? "secureConnect" : "connect", () => {
      socket.write(head);
      sendPiece();
    });
  });
}
