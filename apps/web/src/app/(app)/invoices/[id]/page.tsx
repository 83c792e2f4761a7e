"use client";
// One invoice, for the studio: the document and its editor while a draft; for an admin, its moves too.
import { isAdmin, isStaff } from "@atelier/domain";
import { useParams } from "next/navigation";
import { useSession } from "next-auth/react";
import { InvoiceView } from "~/components/invoices/invoice-view";

export default function InvoicePage() {
  const { id } = useParams<{ id: string }>();
  const { data: session } = useSession();
  if (!session) return null;
  const { role } = session.user;
  return <InvoiceView id={id} admin={isAdmin(role)} drafts={isStaff(role)} hrefFor={(other) => `/invoices/${other}`} />;
}
