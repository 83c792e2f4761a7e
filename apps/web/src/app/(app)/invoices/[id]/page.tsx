"use client";
// One invoice, for the admin: the document, its editor while a draft, and its moves.
import { useParams } from "next/navigation";
import { InvoiceView } from "~/components/invoices/invoice-view";

export default function InvoicePage() {
  const { id } = useParams<{ id: string }>();
  return <InvoiceView id={id} admin hrefFor={(other) => `/invoices/${other}`} />;
}
