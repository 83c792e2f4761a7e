"use client";
// Downloading an invoice: its PDF (a Factur-X PDF/A-3 once sent), or its EN 16931 XML in CII or UBL for accounting
// software. Each asks for a short-lived signed link and follows it; the browser saves the file.
import { Button, type ButtonProps, DeferredMenu } from "@atelier/ui";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Download, FileCode } from "lucide-react";
import { lazy, useState } from "react";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

type Format = "pdf" | "cii" | "ubl";

// The menu's code (Radix's menu and its positioning) loads when it is first pressed or the page is quiet.
const loadXmlMenu = () => import("./e-invoice-menu");
const XmlMenu = lazy(loadXmlMenu);

function useDownload(invoiceId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function download(format: Format) {
    setPending(true);
    try {
      const { url } = await queryClient.fetchQuery({
        ...(format === "pdf"
          ? trpc.invoices.pdfUrl.queryOptions({ id: invoiceId })
          : trpc.invoices.xmlUrl.queryOptions({ id: invoiceId, syntax: format })),
        staleTime: 0,
      });
      window.location.assign(url);
    } catch (error) {
      toastError(error as Error);
    } finally {
      setPending(false);
    }
  }
  return { pending, download };
}

export function DownloadPdfButton({
  invoiceId,
  size = "sm",
  label = "Download PDF",
}: {
  invoiceId: string;
  size?: ButtonProps["size"];
  label?: string;
}) {
  const { pending, download } = useDownload(invoiceId);
  return (
    <Button size={size} variant="outline" disabled={pending} onClick={() => download("pdf")}>
      <Download className="size-4" aria-hidden /> {label}
    </Button>
  );
}

/** The e-invoice XML, in the syntax the buyer's software reads. */
export function DownloadXmlMenu({ invoiceId }: { invoiceId: string }) {
  const { pending, download } = useDownload(invoiceId);
  return (
    <DeferredMenu
      menu={(props) => <XmlMenu {...props} onDownload={download} />}
      preload={loadXmlMenu}
      trigger={
        <Button size="sm" variant="outline" disabled={pending}>
          <FileCode className="size-4" aria-hidden /> E-invoice <ChevronDown className="size-3.5" aria-hidden />
        </Button>
      }
    />
  );
}
