// /api/files/{project|brand}/{fileId} and /api/files/proof/{proofId}/{fileId}: a stored file for whoever may see it
// now, by a redirect to an upload server's short-lived link (file-downloads.ts in @atelier/api). Without a signed-in
// session, a guest review cookie opens its round's files (docs/guest-review.md); an API token with projects:read
// opens what its owner may see, so the links in /api/v1's answers work for other apps (docs/api.md).
import { createFileDownloadHandler, guestOfCookie, tokenCaller } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createFileDownloadHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ ref: string[] }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createFileDownloadHandler({ db: server.db, files: server.files });
  const now = new Date();
  if (req.headers.has("authorization")) {
    const caller = await tokenCaller(server.db, req, "projects:read", now);
    if (caller instanceof Response) return caller;
    return handler(caller.user, (await params).ref);
  }
  const cookie = req.headers.get("cookie");
  const user = await getSessionUser(server.db, cookie, now);
  const guest = user ? null : await guestOfCookie(server.db, cookie, now);
  return handler(user, (await params).ref, guest);
}
