"use client";
// Download PDF: asks for a short-lived signed link and follows it; the browser saves the file.
import { Button, type ButtonProps } from "@atelier/ui";
import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

export function DownloadPdfButton({
  invoiceId,
  size = "sm",
  label = "Download PDF",
}: {
  invoiceId: string;
  size?: ButtonProps["size"];
  label?: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      const { url } = await queryClient.fetchQuery({ ...trpc.invoices.pdfUrl.queryOptions({ id: invoiceId }), staleTime: 0 });
      window.location.assign(url);
    } catch (error) {
      toastError(error as Error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button size={size} variant="outline" disabled={pending} onClick={download}>
      <Download className="size-4" aria-hidden /> {label}
    </Button>
  );
}
