"use client";
// Invoices: everything the studio has billed, moved along draft, sent, paid (or void).
import { InvoiceList } from "~/components/invoices/invoice-list";

export default function InvoicesPage() {
  return <InvoiceList title="Invoices" description="Drafts stay with the studio; a business sees an invoice once it is sent." admin />;
}
