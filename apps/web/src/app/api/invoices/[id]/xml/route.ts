// /api/invoices/{id}/xml?syntax=cii|ubl&token=…: an invoice's EN 16931 XML, behind the signed link invoices.xmlUrl gives.
import { createInvoiceXmlHandler } from "@atelier/api";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createInvoiceXmlHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createInvoiceXmlHandler({ db: server.db, secret: server.files.secret });
  return handler(req, (await params).id);
}
