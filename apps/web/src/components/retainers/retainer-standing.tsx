"use client";
// On the studio's list of businesses: a business over its retainer this month, and by how much (docs/retainers.md).
// Every business on a retainer is read in one query, shared by the list's cards; loaded after the page.
import { retainerAmount } from "@atelier/domain";
import { Badge } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

export default function RetainerStanding({ businessId }: { businessId: string }) {
  const trpc = useTRPC();
  const overview = useQuery(trpc.retainers.overview.queryOptions());
  const r = overview.data?.find((x) => x.businessId === businessId);
  if (!r?.current) return null;
  const { over, left } = r.current;
  return over > 0 ? (
    <Badge variant="destructive" className="justify-self-start" data-testid="retainer-over">
      Retainer: {retainerAmount(r.unit, over)} over this month
    </Badge>
  ) : (
    <p className="text-xs text-muted-foreground">Retainer: {retainerAmount(r.unit, left)} left this month</p>
  );
}
