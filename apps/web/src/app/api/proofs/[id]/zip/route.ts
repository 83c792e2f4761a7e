// /api/proofs/{id}/zip?token=…: a proof's files as one ZIP, streamed, behind the signed link proofs.list gives.
import { createProofZipHandler } from "@atelier/api";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createProofZipHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createProofZipHandler({ db: server.db, files: server.files });
  return handler(req, (await params).id);
}
