// Low-level requests for tests that must send what no well-behaved client would.
import { request } from "node:http";

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
