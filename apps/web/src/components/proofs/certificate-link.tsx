"use client";
// The approved round's certificate (docs/approval-certificate.md): asked for when clicked (it is signed on its first
// request), then downloaded as a PDF; its public page is linked once known.
import { Button, toast } from "@atelier/ui";
import { useQueryClient } from "@tanstack/react-query";
import { FileCheck2 } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

export function CertificateLink({ proofId }: { proofId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [verifyUrl, setVerifyUrl] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    try {
      const certificate = await queryClient.fetchQuery(trpc.proofs.certificateUrl.queryOptions({ proofId }));
      setVerifyUrl(certificate.verifyUrl);
      window.location.assign(certificate.url);
    } catch (error) {
      toast({
        title: "The certificate could not be made",
        description: error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="outline"
        className="min-h-11 sm:min-h-9"
        onClick={() => void download()}
        disabled={busy}
        data-testid="certificate-download"
      >
        <FileCheck2 className="size-4" aria-hidden /> Approval certificate (PDF)
      </Button>
      {verifyUrl && (
        <a
          href={verifyUrl}
          className="text-sm underline underline-offset-2"
          data-testid="certificate-verify-link"
          target="_blank"
          rel="noreferrer"
        >
          Verify online
        </a>
      )}
    </div>
  );
}
