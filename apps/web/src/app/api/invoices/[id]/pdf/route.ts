// /api/invoices/{id}/pdf?token=…: an invoice's PDF, behind the signed link invoices.pdfUrl gives.
import { createInvoicePdfHandler } from "@atelier/api";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createInvoicePdfHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createInvoicePdfHandler({ db: server.db, secret: server.files.secret });
  return handler(req, (await params).id);
}
