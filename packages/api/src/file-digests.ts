// The SHA-256 of a project file's stored bytes, as the server itself reads them from the upload servers: never what a
// browser said when it attached the file. One stored version (its ETag) is hashed once and remembered.
import { createHash } from "node:crypto";
import { findStoredDigest, saveStoredDigest } from "@atelier/db";
import { DomainError, type SessionUser } from "@atelier/domain";
import { pickUploadServer, signedDownloadUrl } from "./stored-files";
import type { Context } from "./trpc";

type DigestContext = Pick<Context, "db" | "files" | "now"> & { user: Pick<SessionUser, "id"> };

export interface StoredDigest {
  sha256: string;
  size: number;
}

const HEAD_TIMEOUT_MS = 10_000;

function unavailable(): never {
  throw new DomainError("PRECONDITION_FAILED", "The file servers do not answer, so the files cannot be checked. Try again in a moment.");
}

/** The digest of the bytes at `key` now; null when the store holds nothing there. */
export async function storedFileDigest(ctx: DigestContext, key: string, fetchImpl: typeof fetch = fetch): Promise<StoredDigest | null> {
  const server = await pickUploadServer(ctx.files, fetchImpl);
  if (server === null) unavailable();
  const url = signedDownloadUrl(server, key, ctx.user.id, ctx.files.secret, ctx.now());
  const head = await fetchImpl(url, { method: "HEAD", signal: AbortSignal.timeout(HEAD_TIMEOUT_MS) }).catch(unavailable);
  if (head.status === 404) return null;
  if (!head.ok) unavailable();
  const known = head.headers.get("etag");
  const cached = known ? await findStoredDigest(ctx.db, key, known) : undefined;
  if (cached) return { sha256: cached.sha256, size: Number(cached.size) };
  // Streamed through the hash, so a file of gigabytes is never held in memory.
  const read = await fetchImpl(url).catch(unavailable);
  if (read.status === 404) return null;
  if (!read.ok || !read.body) unavailable();
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of read.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.byteLength;
  }
  const digest = { sha256: hash.digest("hex"), size };
  // Remembered under the version that was read, which is the one hashed.
  const etag = read.headers.get("etag");
  if (etag) await saveStoredDigest(ctx.db, { key, etag, ...digest });
  return digest;
}
