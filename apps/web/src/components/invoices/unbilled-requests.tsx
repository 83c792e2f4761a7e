"use client";
// A business's requests not billed yet at their service's price, for an admin (docs/services.md, "Billing requests"):
// each with its price (the rush price for a rush), and a draft invoice made of them. Loaded with the business's page.
import { formatMoney } from "@atelier/domain";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toastError } from "~/components/common/toast-error";
import { useRequestId } from "~/components/common/use-request-id";
import { useTRPC } from "~/trpc/react";

export default function UnbilledRequests({ businessId, businessName }: { businessId: string; businessName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const requestId = useRequestId();
  const unbilled = useQuery(trpc.invoices.unbilledRequests.queryOptions({ businessId }));
  const make = useMutation(
    trpc.invoices.fromRequests.mutationOptions({
      onSuccess: ({ id, number, requests }) => {
        requestId.done();
        toast({ title: `Draft ${number} made of ${requests} request${requests === 1 ? "" : "s"}` });
        router.push(`/invoices/${id}`);
      },
      onError: toastError,
    }),
  );
  const u = unbilled.data;
  // Nothing to show a business that never asked for a priced service.
  if (u && u.requests.length === 0) return null;
  return (
    <Card data-testid="unbilled-requests">
      <CardHeader>
        <CardTitle>Unbilled requests</CardTitle>
        <CardDescription>{businessName}'s requests for priced services, not on an invoice yet.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {unbilled.isPending && <Skeleton className="h-10" />}
        {u && (
          <>
            <ul className="grid gap-1 text-sm">
              {u.requests.map((r) => (
                <li key={r.projectId} className="flex flex-wrap justify-between gap-x-3">
                  <Link
                    href={`/projects/${r.projectId}`}
                    className="inline-flex min-h-11 items-center underline-offset-4 hover:underline sm:min-h-0"
                  >
                    <span className="wrap-anywhere">
                      {r.title}{" "}
                      <span className="text-muted-foreground">
                        ({r.serviceName}
                        {r.rush ? ", rush" : ""})
                      </span>
                    </span>
                  </Link>
                  <span className="tabular-nums">{formatMoney(r.price, u.currency)}</span>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
              <p className="text-sm" data-testid="unbilled-requests-total">
                <strong>{formatMoney(u.total, u.currency)}</strong> before VAT
              </p>
              <Button
                className="min-h-11 sm:min-h-9"
                disabled={make.isPending}
                onClick={() => make.mutate({ businessId, requestId: requestId.current() })}
              >
                {make.isPending ? "Making the draft…" : "Invoice these requests"}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
