// /verify/<certificate id>: an approval certificate anyone may read and check (docs/approval-certificate.md). Outside
// the shell and the session gate: whoever holds the PDF or scans its QR code has no account.
import { certificateForPage } from "@atelier/api";
import { notFound } from "next/navigation";
import { VerifyCertificate } from "~/components/certificates/verify-certificate";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";
export const metadata = { title: "Approval certificate", robots: { index: false } };

export default async function VerifyPage({ params }: { params: Promise<{ id: string }> }) {
  const server = await getServer();
  const certificate = await certificateForPage(server.db, server.signing, (await params).id);
  if (!certificate) notFound();
  return <VerifyCertificate certificate={certificate} />;
}
