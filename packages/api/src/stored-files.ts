// Project files as the upload servers keep them: signed download links, and deleting a removed file's bytes.
import { createFileDeleteToken, createSignedDownloadToken } from "@atelier/storage";
import { z } from "zod";

/** The stored path of an upload server's file URL (…/files/{path}), or null for any other URL. */
function storedPath(url: string): string | null {
  const { pathname } = new URL(url);
  if (!pathname.startsWith("/files/")) return null;
  return pathname.slice("/files/".length).split("/").map(decodeURIComponent).join("/");
}

/** Upload servers serve /files/{path} to signed links, so a browser can download without a header. */
export function signedDownloadUrl(url: string, userId: string, secret: string, now: Date): string {
  const path = storedPath(url);
  if (path === null) return url;
  const parsed = new URL(url);
  parsed.searchParams.set("token", createSignedDownloadToken({ path, userId }, secret, now).token);
  return parsed.toString();
}

const balancerAnswer = z.object({ url: z.url({ protocol: /^https?$/ }) });
const DELETE_TIMEOUT_MS = 5_000;

/**
 * Asks an upload server to delete a removed file's bytes. The server comes from the balancer,
 * never from the stored URL, which a client supplied: only the path is taken from it. Best
 * effort: the file is off its project whatever the answer, and answers whether it was deleted.
 */
export async function deleteStoredFile(
  files: { secret: string; balancerUrl: string },
  url: string,
  userId: string,
  now: Date,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  const path = storedPath(url);
  if (path === null) return false;
  try {
    const signal = AbortSignal.timeout(DELETE_TIMEOUT_MS);
    const pick = await fetchImpl(files.balancerUrl, { signal });
    if (!pick.ok) return false;
    const server = balancerAnswer.parse(await pick.json()).url.replace(/\/+$/, "");
    const token = createFileDeleteToken({ path, userId }, files.secret, now).token;
    const target = `${server}/files/${path.split("/").map(encodeURIComponent).join("/")}?token=${encodeURIComponent(token)}`;
    const answer = await fetchImpl(target, { method: "DELETE", signal });
    return answer.status === 204 || answer.status === 404;
  } catch {
    return false;
  }
}
