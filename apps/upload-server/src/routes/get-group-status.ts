// GET /api/chunked/{egnyte_id}: which parts a group holds, so a client can resume without resending them.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ERRORS, ticketCoversPath } from "@atelier/storage";
import { GROUP_ID_PATTERN, isExpired, readCompletion, readManifest, receivedParts } from "../groups";
import { sendJson } from "../http";
import { authenticate, type UploadContext } from "../upload-context";

export async function getGroupStatus(
  ctx: UploadContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  cors: Record<string, string>,
) {
  const { userId, pathPrefix } = authenticate(ctx, req);
  const manifest = GROUP_ID_PATTERN.test(id) ? await readManifest(ctx.store, id) : null;
  // A group in a folder the ticket does not cover is as unknown as another user's: a ticket for
  // one project lists nothing of the holder's uploads elsewhere (after a move to another business).
  if (
    !manifest ||
    manifest.userId !== userId ||
    !ticketCoversPath(pathPrefix, manifest.urlPath) ||
    isExpired(manifest, ctx.now(), ctx.settings.groupTtlMs)
  ) {
    throw ERRORS.NotFound("Upload group");
  }
  const done = await readCompletion(ctx.store, id);
  const received = done
    ? Array.from({ length: manifest.parts }, (_, i) => i + 1)
    : [...(await receivedParts(ctx.store, id)).keys()].sort((a, b) => a - b);
  const extra = done ? { complete: true, url: done.url, sha256: done.sha256 } : {};
  sendJson(res, 200, { id, parts: manifest.parts, received, ...extra }, cors);
}
