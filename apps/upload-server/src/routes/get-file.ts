// GET /files/{path}: streams a stored file, with Range and ETag, to a ticket holder or a signed link.
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream";
import { contentDisposition, ERRORS, matchesIfNoneMatch, resolveRange, securePath, verifySignedDownloadToken } from "@atelier/storage";
import { firstHeader } from "../http";
import { authorizePath, type UploadContext } from "../upload-context";
import { fileKey } from "../url-path";

export function filePath(rawPath: string): string {
  try {
    return securePath(rawPath.split("/").map(decodeURIComponent).join("/"));
  } catch {
    throw ERRORS.InvalidPath("bad file path");
  }
}

function authorise(ctx: UploadContext, req: IncomingMessage, path: string): void {
  const token = new URL(req.url ?? "/", "http://local").searchParams.get("token");
  if (!token) {
    authorizePath(ctx, req, path);
    return;
  }
  const check = verifySignedDownloadToken(token, { path }, ctx.settings.secret, ctx.now());
  // Unlike tokenRefusal, a link to another file is no link at all here (401): the URL is the link.
  if (!check.ok) throw check.reason === "expired" ? ERRORS.ExpiredToken() : ERRORS.InvalidToken();
}

export async function getFile(
  ctx: UploadContext,
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  cors: Record<string, string>,
) {
  const path = filePath(rawPath);
  authorise(ctx, req, path);
  const info = await ctx.store.stat(fileKey(path));
  if (!info) throw ERRORS.NotFound("File");
  const headers: Record<string, string> = {
    ...cors,
    "Content-Type": info.contentType,
    "Cache-Control": "private, max-age=3600",
    ETag: info.etag,
    "Last-Modified": info.lastModified.toUTCString(),
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  };
  const disposition = contentDisposition(info.contentType, path);
  if (disposition) headers["Content-Disposition"] = disposition;
  if (matchesIfNoneMatch(firstHeader(req, "if-none-match"), info.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const range = resolveRange(firstHeader(req, "range"), info.size);
  if (range.kind === "unsatisfiable") throw ERRORS.RangeNotSatisfiable(info.size);
  if (req.method === "HEAD") {
    const length = range.kind === "range" ? range.range.end - range.range.start + 1 : info.size;
    res.writeHead(range.kind === "range" ? 206 : 200, { ...headers, "Content-Length": String(length) });
    res.end();
    return;
  }
  const read = await ctx.store.get(fileKey(path), range.kind === "range" ? { range: range.range } : {});
  if (!read) throw ERRORS.NotFound("File");
  const length = range.kind === "range" ? range.range.end - range.range.start + 1 : read.info.size;
  headers["Content-Length"] = String(length);
  if (range.kind === "range") headers["Content-Range"] = `bytes ${range.range.start}-${range.range.end}/${read.info.size}`;
  res.writeHead(range.kind === "range" ? 206 : 200, headers);
  // pipeline, not pipe: a client that goes away must also close the file.
  pipeline(read.body, res, () => undefined);
}
