"use client";
// Invoices: everything the studio has billed, moved along draft, sent, paid (or void).
import { Skeleton } from "@atelier/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { ListSearch } from "~/components/common/list-search";
import { LoadMore } from "~/components/common/load-more";
import { InvoiceActions } from "~/components/invoices/invoice-actions";
import { InvoiceTable } from "~/components/invoices/invoice-table";
import { useTRPC } from "~/trpc/react";

export default function InvoicesPage() {
  const trpc = useTRPC();
  const [query, setQuery] = useState("");
  const invoices = useInfiniteQuery(
    trpc.invoices.list.infiniteQueryOptions(query ? { query } : {}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const shown = invoices.data?.pages.flatMap((page) => page.items);
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Drafts stay with the studio; a business sees an invoice once it is sent."
        action={{ href: "/invoices/create", label: "New invoice" }}
      />
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
          actions={(inv) => <InvoiceActions invoice={inv} />}
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
