// POST /api/chunked: one part of a group (base64 or binary); part 1 opens the group, the part that fills it completes the file.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ERRORS } from "@atelier/storage";
import { WIRE_HEADERS } from "@atelier/upload-engine";
import { GroupHasher } from "../group-hasher";
import {
  completeGroup,
  completeStagedGroup,
  GROUP_ID_PATTERN,
  type GroupCompletion,
  type GroupDigest,
  type GroupManifest,
  isExpired,
  markPart,
  partKey,
  readCompletion,
  readManifest,
  receivedParts,
  stagingId,
  waitForDigestRecord,
  writeManifest,
} from "../groups";
import { discardBody, firstHeader, sendJson } from "../http";
import { uploadMetrics } from "../metrics";
import { authenticate, authorizePath, baseUrl, decodedBody, positiveInt, storedContentType, type UploadContext } from "../upload-context";
import { fileUrl, normaliseUrlPath } from "../url-path";

interface PartHeaders {
  urlPath: string;
  part: number;
  parts: number;
  egnyteId: string;
}

// Everything that can be refused is refused here, before a byte of the body is read (its
// length was checked against its cap when the request was routed, upload-server.ts).
function readPartHeaders(ctx: UploadContext, req: IncomingMessage): PartHeaders {
  const urlPath = normaliseUrlPath(firstHeader(req, WIRE_HEADERS.urlPath));
  const part = positiveInt(req, "part");
  const parts = positiveInt(req, "parts");
  const { maxParts, maxPartBytes, maxFileBytes } = ctx.settings;
  if (parts > maxParts) throw ERRORS.PayloadTooLarge(maxParts * maxPartBytes);
  if (part > parts) throw ERRORS.InvalidHeader("part", "greater than parts");
  const declaredSize = firstHeader(req, WIRE_HEADERS.fileSize);
  if (declaredSize !== undefined) {
    if (!/^\d{1,16}$/.test(declaredSize)) throw ERRORS.InvalidHeader("x-file-size", "must be a byte count");
    if (Number(declaredSize) > maxFileBytes) throw ERRORS.PayloadTooLarge(maxFileBytes);
  }
  return { urlPath, part, parts, egnyteId: firstHeader(req, WIRE_HEADERS.egnyteId)?.trim() ?? "" };
}

async function openGroup(ctx: UploadContext, req: IncomingMessage, userId: string, headers: PartHeaders) {
  const { urlPath, part, parts, egnyteId } = headers;
  if (egnyteId === "") {
    if (part !== 1) throw ERRORS.InvalidHeader("egnyte_id", "required for every part after the first");
    const manifest: GroupManifest = {
      id: randomUUID(),
      userId,
      urlPath,
      parts,
      contentType: storedContentType(req),
      createdAt: ctx.now(),
    };
    await writeManifest(ctx.store, manifest);
    return manifest;
  }
  if (!GROUP_ID_PATTERN.test(egnyteId)) throw ERRORS.NotFound("Upload group");
  const manifest = await readManifest(ctx.store, egnyteId);
  // Another user's group is indistinguishable from a missing one.
  if (!manifest || manifest.userId !== userId || isExpired(manifest, ctx.now(), ctx.settings.groupTtlMs)) {
    throw ERRORS.NotFound("Upload group");
  }
  if (manifest.parts !== parts) throw ERRORS.InvalidHeader("parts", `the group was opened with ${manifest.parts} parts`);
  if (manifest.urlPath !== urlPath) throw ERRORS.InvalidHeader("urlPath", "differs from the group");
  return manifest;
}

// How often a follower looks for parts stored by other servers, and when it gives up on a
// group that stopped receiving them (its completing server then hashes the file itself).
const FOLLOW_POLL_MS = 20;
const FOLLOW_IDLE_MS = 5 * 60 * 1000;

// The server that stores part 1 hashes the group as its parts arrive; see group-hasher.ts.
function follow(ctx: UploadContext, manifest: GroupManifest & { partSize: number }): void {
  if (ctx.hashers.has(manifest.id)) return;
  const hasher = new GroupHasher(ctx.store, manifest, { pollMs: FOLLOW_POLL_MS, idleMs: FOLLOW_IDLE_MS, now: ctx.now });
  ctx.hashers.set(manifest.id, hasher);
  // Kept a while after it finishes, for a completion in this process to take its digest from.
  const forget = () => setTimeout(() => ctx.hashers.delete(manifest.id), FOLLOW_IDLE_MS).unref();
  void hasher.done.then(forget);
}

// The digest taken while the parts arrived: from this process's follower, or from the record
// of another server's; null when there is none, and the file is hashed in one pass instead.
async function followedDigest(ctx: UploadContext, manifest: GroupManifest): Promise<GroupDigest | null> {
  const hasher = ctx.hashers.get(manifest.id);
  if (hasher) {
    hasher.notify();
    return hasher.done;
  }
  if (!manifest.followed) return null;
  return waitForDigestRecord(ctx.store, manifest.id, ctx.settings.digestWaitMs, FOLLOW_POLL_MS, ctx.now);
}

// Parts land at their final offset in the group's staging file; completing only renames it.
async function storePartInPlace(ctx: UploadContext, req: IncomingMessage, manifest: GroupManifest, part: number) {
  const staging = ctx.store.staging;
  if (!staging) throw new Error("in-place parts need a store with a staging area");
  // A stored part is final: a resend (its answer was lost) is read and dropped, so its bytes,
  // which may already be hashed, never change under the group's digest.
  if (await ctx.store.stat(partKey(manifest.id, part))) {
    await discardBody(req);
    return manifest;
  }
  let offset = 0;
  let limit = ctx.settings.maxPartBytes;
  if (part > 1) {
    if (manifest.partSize === undefined) throw ERRORS.Conflict("Part 1 of this group is not stored yet");
    offset = (part - 1) * manifest.partSize;
    limit = manifest.partSize;
  }
  // A refused body (bad base64, wrong digest) may leave bytes in its own region of the
  // staging file, but no marker: the part does not count until a good retry overwrites it.
  // A staging write is done with each chunk before it pulls the next, so the decoder may reuse its slabs.
  const size = await staging.write(stagingId(manifest.id), offset, decodedBody(ctx, req, limit, { reuse: true }));
  if (part > 1 && part < manifest.parts && size !== manifest.partSize) {
    throw ERRORS.InvalidBody("every part but the last must be as long as part 1");
  }
  let stored = manifest;
  if (part === 1 && manifest.parts > 1) {
    if (size === 0) throw ERRORS.InvalidBody("part 1 of several is empty");
    if (manifest.partSize !== size || !manifest.followed) {
      stored = { ...manifest, partSize: size, followed: true };
      await writeManifest(ctx.store, stored);
    }
  }
  await markPart(ctx.store, manifest.id, part, size);
  uploadMetrics.parts().inc();
  uploadMetrics.bytes().inc(size);
  if (part === 1 && stored.partSize !== undefined && stored.parts > 1) follow(ctx, { ...stored, partSize: stored.partSize });
  else ctx.hashers.get(manifest.id)?.notify();
  return stored;
}

async function storePartAsObject(ctx: UploadContext, req: IncomingMessage, manifest: GroupManifest, part: number) {
  const { size } = await ctx.store.put(partKey(manifest.id, part), decodedBody(ctx, req, ctx.settings.maxPartBytes), {
    contentType: "application/octet-stream",
  });
  uploadMetrics.parts().inc();
  uploadMetrics.bytes().inc(size);
  return manifest;
}

async function completeOnce(
  ctx: UploadContext,
  req: IncomingMessage,
  manifest: GroupManifest,
  sizes: Map<number, number>,
  base: string,
): Promise<GroupCompletion> {
  let pending = ctx.completing.get(manifest.id);
  if (!pending) {
    pending = ctx.store.staging
      ? completeStagedGroup(ctx.store, manifest, base, ctx.now, () => followedDigest(ctx, manifest))
      : completeGroup(ctx.store, manifest, sizes, base, ctx.now);
    ctx.completing.set(manifest.id, pending);
    const forget = () => ctx.completing.delete(manifest.id);
    pending.then(forget, forget);
  }
  // Hashing or concatenating a large file sends nothing on this socket; keep the idle timer off.
  req.socket.setTimeout(0);
  try {
    return await pending;
  } finally {
    req.socket.setTimeout(ctx.settings.idleTimeoutMs);
  }
}

// Listing every part's marker on every part would cost O(parts²) store reads per group; a group
// cannot be complete without its last part, so one lookup spares the listing until it is there.
// Each request checks after writing its own marker, so the last marker written always sees all.
async function mayBeComplete(ctx: UploadContext, id: string, part: number, parts: number): Promise<boolean> {
  return part === parts || (await ctx.store.stat(partKey(id, parts))) !== null;
}

function holdsAll(sizes: Map<number, number>, parts: number): boolean {
  for (let part = 1; part <= parts; part += 1) if (!sizes.has(part)) return false;
  return true;
}

export async function postChunk(ctx: UploadContext, req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) {
  // A missing or forged ticket is refused before anything else is looked at.
  authenticate(ctx, req);
  const headers = readPartHeaders(ctx, req);
  const userId = authorizePath(ctx, req, headers.urlPath);
  const { part, parts } = headers;
  let manifest = await openGroup(ctx, req, userId, headers);
  const base = baseUrl(ctx, req);
  const done = await readCompletion(ctx.store, manifest.id);
  if (done) {
    // A retry of a part whose answer was lost after the group completed.
    await discardBody(req);
    sendJson(res, 200, { id: manifest.id, url: done.url, part, sha256: done.sha256 }, cors);
    return;
  }
  manifest = ctx.store.staging ? await storePartInPlace(ctx, req, manifest, part) : await storePartAsObject(ctx, req, manifest, part);
  const sizes = (await mayBeComplete(ctx, manifest.id, part, parts)) ? await receivedParts(ctx.store, manifest.id) : undefined;
  const completion =
    sizes && holdsAll(sizes, parts) ? await completeOnce(ctx, req, manifest, sizes, base) : await readCompletion(ctx.store, manifest.id);
  // Until the group completes, the url is where its file is meant to go; the completion's is where
  // it went (another name when that one was taken, see publish.ts).
  const answer = completion ? { url: completion.url, sha256: completion.sha256 } : { url: fileUrl(base, manifest.urlPath) };
  sendJson(res, 200, { id: manifest.id, part, ...answer }, cors);
}
