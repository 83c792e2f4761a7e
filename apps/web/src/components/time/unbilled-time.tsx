"use client";
// A business's billable time not invoiced yet, for an admin (docs/time.md): how much and what it comes to, and a draft
// invoice made of it, grouped by project and person or one line per entry. Loaded with the business's page, on demand.
import { formatMinutes, formatMoney, TIME_GROUPING_LABELS, TIME_GROUPINGS, type TimeGrouping } from "@atelier/domain";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { useRequestId } from "~/components/common/use-request-id";
import { useTRPC } from "~/trpc/react";

export default function UnbilledTime({ businessId, businessName }: { businessId: string; businessName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const requestId = useRequestId();
  const [grouping, setGrouping] = useState<TimeGrouping>("project-person");
  const unbilled = useQuery(trpc.time.unbilled.queryOptions({ businessId }));
  const make = useMutation(
    trpc.invoices.fromTime.mutationOptions({
      onSuccess: ({ id, number, entries }) => {
        requestId.done();
        toast({ title: `Draft ${number} made of ${entries} time entr${entries === 1 ? "y" : "ies"}` });
        router.push(`/invoices/${id}`);
      },
      onError: toastError,
    }),
  );
  const u = unbilled.data;
  return (
    <Card data-testid="unbilled-time">
      <CardHeader>
        <CardTitle>Unbilled time</CardTitle>
        <CardDescription>
          Billable time on {businessName}'s projects not on an invoice yet.{" "}
          <Link href="/workload/time" className="underline underline-offset-4">
            Timesheets
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {unbilled.isPending && <Skeleton className="h-10" />}
        {u && u.entries.length === 0 && <p className="text-sm text-muted-foreground">None: every billable hour is invoiced.</p>}
        {u && u.entries.length > 0 && (
          <>
            <p className="text-sm" data-testid="unbilled-summary">
              <strong>{formatMinutes(u.minutes)}</strong> in {u.entries.length} entr{u.entries.length === 1 ? "y" : "ies"},{" "}
              {formatMoney(u.amount, u.currency)} before VAT
            </p>
            {u.unrated.length > 0 && (
              <p role="alert" className="text-sm text-destructive-text">
                No hourly rate for {u.unrated.join(", ")}: set one on the timesheets page before invoicing.
              </p>
            )}
            <div className="flex flex-wrap items-center gap-2">
              <NativeSelect
                aria-label="Invoice lines"
                className="w-full sm:w-72"
                value={grouping}
                onChange={(e) => setGrouping(e.target.value as TimeGrouping)}
              >
                {TIME_GROUPINGS.map((g) => (
                  <option key={g} value={g}>
                    {TIME_GROUPING_LABELS[g]}
                  </option>
                ))}
              </NativeSelect>
              <Button
                className="min-h-11 sm:min-h-9"
                disabled={make.isPending || u.unrated.length > 0}
                onClick={() => make.mutate({ businessId, grouping, requestId: requestId.current() })}
              >
                {make.isPending ? "Making the draft…" : "Make a draft invoice"}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              The draft opens to set VAT and terms before it is sent; deleting it frees the time again.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
