// Clients over TLS for the integration tests: an HTTP/2 transport for the engine (one session per origin, every request a
// stream on it) and HTTP/1.1 requests, both trusting the tests' own certificate.
import { type ClientHttp2Session, connect, constants } from "node:http2";
import { request as httpsRequest } from "node:https";
import { bytesOf, type FetchLike } from "@atelier/upload-engine";

export interface Http2Client {
  fetch: FetchLike;
  /** The sessions opened so far, one per origin unless one was lost. */
  readonly sessionsOpened: number;
  close(): void;
}

export function http2Client(ca: string): Http2Client {
  const sessions = new Map<string, ClientHttp2Session>();
  let sessionsOpened = 0;
  const session = (origin: string) => {
    let open = sessions.get(origin);
    if (!open || open.closed || open.destroyed) {
      open = connect(origin, { ca });
      open.on("error", () => sessions.delete(origin));
      sessions.set(origin, open);
      sessionsOpened += 1;
    }
    return open;
  };
  const fetch: FetchLike = (url, init) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const stream = session(target.origin).request({
        [constants.HTTP2_HEADER_METHOD]: init.method,
        [constants.HTTP2_HEADER_PATH]: `${target.pathname}${target.search}`,
        ...Object.fromEntries(Object.entries(init.headers).map(([name, value]) => [name.toLowerCase(), value])),
      });
      const abort = () => stream.close(constants.NGHTTP2_CANCEL);
      init.signal.addEventListener("abort", abort, { once: true });
      const chunks: Buffer[] = [];
      let status = 0;
      stream.on("response", (headers) => {
        status = Number(headers[constants.HTTP2_HEADER_STATUS]);
      });
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error) => {
        init.signal.removeEventListener("abort", abort);
        reject(error);
      });
      stream.on("end", () => {
        init.signal.removeEventListener("abort", abort);
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ ok: status >= 200 && status < 300, status, text: async () => text, json: async () => JSON.parse(text) as unknown });
      });
      const body = bytesOf(init.body);
      stream.end(body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined);
    });
  return {
    fetch,
    get sessionsOpened() {
      return sessionsOpened;
    },
    close() {
      for (const open of sessions.values()) open.close();
      sessions.clear();
    },
  };
}

/** One HTTP/1.1 request over TLS; answers the status, the negotiated version, the headers and the body. */
export function https1(
  url: string,
  ca: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; httpVersion: string; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, method: options.method ?? "GET", headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, httpVersion: res.httpVersion, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** What the balancer's health checks need of fetch, over HTTP/1.1 with the tests' certificate trusted. */
export function trustingFetch(ca: string): typeof globalThis.fetch {
  return (async (input: string | URL | Request) => {
    const answer = await https1(String(input), ca);
    return new Response(new Uint8Array(answer.body), { status: answer.status });
  }) as typeof globalThis.fetch;
}
