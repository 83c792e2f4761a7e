// Request bodies are read up to a cap per route, so one huge POST cannot fill the server's memory.
import { readWithin } from "@atelier/api";
import { NextRequest } from "next/server";

/** next-auth's forms (an e-mail address, a CSRF token, a return path) are far below this. */
export const AUTH_BODY_LIMIT = 8 * 1024;

/**
 * The largest tRPC call is projects.addFiles with up to 10,000 files; a file's record as the upload
 * servers hand it out (address, name of up to 255 characters, thumbnails, checksum) stays under 3 KB,
 * so 32 MiB holds the largest legitimate call with room to spare.
 */
export const TRPC_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Every other call: an invoice of 200 lines of 500 characters, a brand library's 200 files or a 300 KB logo stay well
 * under it. Unauthenticated calls get only this, so a stranger's body never costs more than 1 MiB of memory.
 */
export const TRPC_SMALL_BODY_LIMIT = 1024 * 1024;

/** The procedures that need TRPC_BODY_LIMIT, for a signed-in caller. */
const LARGE_BODY_PROCEDURES: ReadonlySet<string> = new Set(["projects.addFiles"]);

/** The cap for a tRPC request to `pathname` (/api/trpc/{procedure}). */
export function trpcBodyLimit(pathname: string, signedIn: boolean): number {
  const procedure = pathname.split("/").pop() ?? "";
  return signedIn && LARGE_BODY_PROCEDURES.has(procedure) ? TRPC_BODY_LIMIT : TRPC_SMALL_BODY_LIMIT;
}

function tooLarge(limit: number): Response {
  const message = `The request body is larger than ${limit} bytes.`;
  return Response.json({ error: { message, code: "PAYLOAD_TOO_LARGE", data: { httpStatus: 413 } } }, { status: 413 });
}

/** Reads the request's body within `limit` bytes and hands the handler a request holding it, or answers 413. */
export async function withinBodyLimit(req: Request, limit: number, handler: (req: NextRequest) => Promise<Response>): Promise<Response> {
  if (!req.body) return handler(req instanceof NextRequest ? req : new NextRequest(req));
  if (Number(req.headers.get("content-length") ?? 0) > limit) return tooLarge(limit);
  const body = await readWithin(req.body, limit);
  if (!body) return tooLarge(limit);
  return handler(new NextRequest(req.url, { method: req.method, headers: req.headers, body, signal: req.signal }));
}

/** Wraps a route handler: a body over `limit` bytes gets 413 before the handler sees the request. */
export function withBodyLimit<C>(limit: number, handler: (req: NextRequest, ctx: C) => Promise<Response>) {
  return (req: NextRequest, ctx: C): Promise<Response> => withinBodyLimit(req, limit, (r) => handler(r, ctx));
}
