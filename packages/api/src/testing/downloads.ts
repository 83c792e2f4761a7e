// Opens a stored file's link as a browser would: through the web app's check (createFileDownloadHandler), then the
// upload server it redirects to.
import type { Db } from "@atelier/db";
import type { SessionUser } from "@atelier/domain";
import { createFileDownloadHandler } from "../file-downloads";

export async function openFileLink(
  options: { db: Db; files: { secret: string; balancerUrl: string } },
  user: SessionUser | null,
  link: string,
): Promise<Response> {
  const path = new URL(link, "http://app.invalid").pathname;
  if (!path.startsWith("/api/files/")) throw new Error(`not a file link: ${link}`);
  const segments = path.slice("/api/files/".length).split("/").map(decodeURIComponent);
  const answer = await createFileDownloadHandler(options)(user, segments);
  return answer.status === 302 ? fetch(answer.headers.get("location") ?? "") : answer;
}
