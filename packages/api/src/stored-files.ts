// Project files as the upload servers keep them, by object key: signed download links, and deleting a removed file's bytes.
import { createFileDeleteToken, createSignedDownloadToken } from "@atelier/storage";
import { storedFileUrl } from "@atelier/upload-engine";
import { z } from "zod";

type Files = { secret: string; balancerUrl: string };

const balancerAnswer = z.object({ url: z.url({ protocol: /^https?$/ }) });
const BALANCER_TIMEOUT_MS = 5_000;

/** The base URL of an upload server the balancer hands out (every server reads the same store), or null when none answers. */
export async function pickUploadServer(files: Files, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const pick = await fetchImpl(files.balancerUrl, { signal: AbortSignal.timeout(BALANCER_TIMEOUT_MS) });
    if (!pick.ok) return null;
    return balancerAnswer.parse(await pick.json()).url.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

function fileUrl(server: string, key: string): URL {
  return new URL(storedFileUrl(server, key));
}

/** Upload servers serve /files/{key} to signed links, so a browser can download without a header. */
export function signedDownloadUrl(server: string, key: string, userId: string, secret: string, now: Date, ttlMs?: number): string {
  const url = fileUrl(server, key);
  url.searchParams.set("token", createSignedDownloadToken({ path: key, userId }, secret, now, ttlMs).token);
  return url.toString();
}

/**
 * Asks an upload server (the balancer's pick) to delete the bytes at `key`. Best effort: the file
 * is off its project whatever the answer, and answers whether the bytes are gone.
 */
export async function deleteStoredFile(
  files: Files,
  key: string,
  by: { userId: string; anyOwner: boolean },
  now: Date,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  const server = await pickUploadServer(files, fetchImpl);
  if (server === null) return false;
  try {
    const target = fileUrl(server, key);
    target.searchParams.set("token", createFileDeleteToken({ path: key, ...by }, files.secret, now).token);
    const answer = await fetchImpl(target, { method: "DELETE", signal: AbortSignal.timeout(BALANCER_TIMEOUT_MS) });
    return answer.status === 204 || answer.status === 404;
  } catch {
    return false;
  }
}
