"use client";
// Businesses: the studio's clients.
import { plural } from "@atelier/domain";
import { Badge, Card, CardHeader, CardTitle, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { LocalDate } from "~/components/common/local-time";
import { toastError } from "~/components/common/toast-error";
import { AvatarPicker } from "~/components/uploads/avatar-picker";
import { useTRPC } from "~/trpc/react";

// Who is over their retainer this month (docs/retainers.md), loaded after the page.
const RetainerStanding = dynamic(() => import("~/components/retainers/retainer-standing"), { ssr: false });

export function BusinessesPage() {
  const trpc = useTRPC();
  const businesses = useQuery(trpc.businesses.overview.queryOptions());
  const setImage = useMutation(
    trpc.businesses.setImage.mutationOptions({
      onSuccess: (b) => toast({ title: `${b.name}'s logo updated` }),
      onError: toastError,
    }),
  );
  return (
    <>
      <PageHeader
        title="Businesses"
        description="The clients the studio works for."
        action={{ href: "/clients/create", label: "Create Business" }}
      />
      {businesses.isPending && <Skeleton className="h-28" />}
      {businesses.error && <EmptyState title="Businesses could not be loaded" description={businesses.error.message} />}
      {businesses.data?.length === 0 && (
        <EmptyState
          title="No businesses yet"
          description="Add the first client."
          action={{ href: "/clients/create", label: "Create Business" }}
        />
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {businesses.data?.map((b) => (
          <li key={b.id}>
            <Card>
              <CardHeader className="gap-3" data-testid="business">
                <div className="grid gap-1">
                  <CardTitle className="text-base">
                    <Link
                      href={`/businesses/${b.id}`}
                      className="inline-flex min-h-11 items-center underline-offset-4 hover:underline sm:min-h-0"
                    >
                      {b.name}
                    </Link>
                  </CardTitle>
                  <p className="text-xs text-muted-foreground">
                    Client since <LocalDate at={b.createdAt} />
                  </p>
                  <p className="text-sm text-muted-foreground" data-testid="business-counts">
                    {plural(b.activeProjects, "active project")} · {b.archivedProjects} archived · {plural(b.people, "person", "people")}
                  </p>
                  <RetainerStanding businessId={b.id} />
                  {(b.openInvoices ?? 0) > 0 && (
                    <Link href="/invoices" className="flex min-h-11 flex-wrap items-center gap-1 sm:min-h-0">
                      <span className="sr-only">{b.name}: </span>
                      <Badge variant="secondary">{plural(b.openInvoices ?? 0, "unpaid invoice")}</Badge>
                      {(b.overdueInvoices ?? 0) > 0 && <Badge variant="destructive">{b.overdueInvoices} overdue</Badge>}
                    </Link>
                  )}
                </div>
                <AvatarPicker
                  name={b.name}
                  image={b.image}
                  mode="clients"
                  changeLabel={`Change ${b.name}'s logo`}
                  onChange={(image) => setImage.mutate({ id: b.id, image })}
                />
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
