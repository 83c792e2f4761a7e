"use client";
// Businesses: the studio's clients.
import { buttonVariants, Card, CardHeader, CardTitle, Skeleton, UserAvatar } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { formatDate } from "~/components/format";
import { useTRPC } from "~/trpc/react";

export default function BusinessesPage() {
  const trpc = useTRPC();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <PageHeader title="Businesses" description="The clients the studio works for." />
        <Link href="/clients/create" className={buttonVariants()}>
          Create Business
        </Link>
      </div>
      {businesses.isPending && <Skeleton className="h-28" />}
      {businesses.error && <EmptyState title="Businesses could not be loaded" description={businesses.error.message} />}
      {businesses.data?.length === 0 && <EmptyState title="No businesses yet" description="Add the first client." action={{ href: "/clients/create", label: "Create Business" }} />}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {businesses.data?.map((b) => (
          <li key={b.id}>
            <Card>
              <CardHeader className="grid-cols-[auto_1fr] items-center gap-3">
                <UserAvatar name={b.name} src={b.image} />
                <div>
                  <CardTitle className="text-base">{b.name}</CardTitle>
                  <p className="text-xs text-muted-foreground">Client since {formatDate(b.createdAt)}</p>
                </div>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
