// DELETE /files/{path}?token=…: removes a stored file, with a token the web app signs for that one
// file once it has decided who may remove it (createFileDeleteToken); no upload ticket will do. A
// file someone else stored stays unless the token carries the studio's leave.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ERRORS, tokenRefusal, verifyFileDeleteToken } from "@atelier/storage";
import type { UploadContext } from "../upload-context";
import { fileKey } from "../url-path";
import { filePath } from "./get-file";

export async function deleteFile(
  ctx: UploadContext,
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  cors: Record<string, string>,
) {
  const path = filePath(rawPath);
  const token = new URL(req.url ?? "/", "http://local").searchParams.get("token");
  if (!token) throw ERRORS.MissingToken();
  const check = verifyFileDeleteToken(token, { path }, ctx.settings.secret, ctx.now());
  if (!check.ok) throw tokenRefusal(check.reason);
  const stored = await ctx.store.stat(fileKey(path));
  if (!stored) throw ERRORS.NotFound("File");
  // Only whoever stored a file may delete it, unless the web app signed the studio's leave.
  if (!check.anyOwner && stored.metadata.owner !== check.userId) throw ERRORS.NotOwner();
  await ctx.store.delete(fileKey(path));
  res.writeHead(204, cors).end();
}
