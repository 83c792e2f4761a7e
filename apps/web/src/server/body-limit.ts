// Request bodies are read up to a cap per route, so one huge POST cannot fill the server's memory.
import { NextRequest } from "next/server";

/** next-auth's forms (an e-mail address, a CSRF token, a return path) are far below this. */
export const AUTH_BODY_LIMIT = 8 * 1024;

/**
 * The largest tRPC call is projects.addFiles with up to 10,000 files; a file's record as the upload
 * servers hand it out (address, name of up to 255 characters, thumbnails, checksum) stays under 3 KB,
 * so 32 MiB holds the largest legitimate call with room to spare.
 */
export const TRPC_BODY_LIMIT = 32 * 1024 * 1024;

function tooLarge(limit: number): Response {
  const message = `The request body is larger than ${limit} bytes.`;
  return Response.json({ error: { message, code: "PAYLOAD_TOO_LARGE", data: { httpStatus: 413 } } }, { status: 413 });
}

/** The body, if it has at most `limit` bytes; reading stops at the first byte over it (Content-Length or not). */
async function readWithin(body: ReadableStream<Uint8Array<ArrayBuffer>>, limit: number): Promise<Blob | null> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new Blob(chunks);
}

/** Wraps a route handler: a body over `limit` bytes gets 413 before the handler sees the request. */
export function withBodyLimit<C>(limit: number, handler: (req: NextRequest, ctx: C) => Promise<Response>) {
  return async (req: NextRequest, ctx: C): Promise<Response> => {
    if (!req.body) return handler(req, ctx);
    if (Number(req.headers.get("content-length") ?? 0) > limit) return tooLarge(limit);
    const body = await readWithin(req.body, limit);
    if (!body) return tooLarge(limit);
    return handler(new NextRequest(req.url, { method: req.method, headers: req.headers, body, signal: req.signal }), ctx);
  };
}
