// /api/files/{project|brand}/{fileId} and /api/files/proof/{proofId}/{fileId}: a stored file for whoever may see it
// now, by a redirect to an upload server's short-lived link (file-downloads.ts in @atelier/api).
import { createFileDownloadHandler } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createFileDownloadHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ ref: string[] }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createFileDownloadHandler({ db: server.db, files: server.files });
  const user = await getSessionUser(server.db, req.headers.get("cookie"), new Date());
  return handler(user, (await params).ref);
}
