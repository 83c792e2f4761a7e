"use client";
// One invoice from the studio, as its client reads it under Billing, with its PDF.
import { useParams } from "next/navigation";
import { InvoiceView } from "~/components/invoices/invoice-view";

export default function BillingInvoicePage() {
  const { id } = useParams<{ id: string }>();
  return <InvoiceView id={id} admin={false} drafts={false} hrefFor={(other) => `/settings/invoices/${other}`} />;
}
