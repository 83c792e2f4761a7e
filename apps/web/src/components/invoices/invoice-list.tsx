"use client";
// Every invoice the studio has billed, moved along draft, sent, paid (or void): the admin's Invoices page, and a
// designer's Billing page, where they draft invoices for an admin to send.
import { Skeleton } from "@atelier/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { nextListPage } from "~/components/common/list-pages";
import { ListSearch } from "~/components/common/list-search";
import { LoadMore } from "~/components/common/load-more";
import { useTRPC } from "~/trpc/react";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceTable } from "./invoice-table";

/** `admin`: the moves (send, mark paid, void) beside each invoice; otherwise drafting only. */
export function InvoiceList({ title, description, admin }: { title: string; description: string; admin: boolean }) {
  const trpc = useTRPC();
  const [query, setQuery] = useState("");
  const invoices = useInfiniteQuery(trpc.invoices.list.infiniteQueryOptions(query ? { query } : {}, { getNextPageParam: nextListPage }));
  const shown = invoices.data?.pages.flatMap((page) => page.items);
  return (
    <>
      <PageHeader title={title} description={description} action={{ href: "/invoices/create", label: "New invoice" }} />
      <ListSearch label="Search invoices" placeholder="Search by number or business" onSearch={setQuery} />
      {invoices.isPending && <Skeleton className="h-40" />}
      {invoices.error && <EmptyState title="Invoices could not be loaded" description={invoices.error.message} />}
      {shown?.length === 0 && query !== "" && <EmptyState title="No invoice matches" description="Try another number or business." />}
      {shown?.length === 0 && query === "" && (
        <EmptyState
          title="No invoices yet"
          description="Bill a business for delivered work."
          action={{ href: "/invoices/create", label: "New invoice" }}
        />
      )}
      {shown && shown.length > 0 && (
        <InvoiceTable
          invoices={shown}
          showBusiness
          hrefFor={(id) => `/invoices/${id}`}
          actions={admin ? (inv) => <InvoiceActions invoice={inv} /> : undefined}
        />
      )}
      <LoadMore
        hasMore={invoices.hasNextPage}
        loading={invoices.isFetchingNextPage}
        onLoad={() => void invoices.fetchNextPage()}
        label="More invoices"
      />
    </>
  );
}
