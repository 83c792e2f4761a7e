"use client";
// The e-invoice menu's items (download-invoice.tsx): the EN 16931 XML in CII or UBL. Loaded on demand.
import {
  type DeferredMenuProps,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@atelier/ui";

export default function EInvoiceMenu({
  trigger,
  defaultOpen,
  onDownload,
}: DeferredMenuProps & { onDownload: (format: "cii" | "ubl") => void }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">EN 16931 XML</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => onDownload("cii")}>CII (Factur-X, ZUGFeRD)</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onDownload("ubl")}>UBL (Peppol)</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
