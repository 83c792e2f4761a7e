"use client";
// For an admin, in a service's editor: each person's hourly rate for this service, over their own (docs/time.md).
// Time on the service's projects logged from then on carries it.
import { formatMoney, parseMoney, toDecimalString } from "@atelier/domain";
import { Button, Input, Label, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

export function ServiceRates({ serviceId, serviceName, currency }: { serviceId: string; serviceName: string; currency: string }) {
  const trpc = useTRPC();
  const rates = useQuery(trpc.services.rates.queryOptions({ serviceId }));
  return (
    <fieldset className="grid gap-2" data-testid="service-rates">
      <legend className="mb-1 text-sm font-medium">Hourly rates for {serviceName}</legend>
      <p className="text-sm text-muted-foreground">Empty: the person's own rate. Time logged on its projects from now on carries it.</p>
      {rates.isPending && <Skeleton className="h-16" />}
      <ul className="grid gap-2">
        {rates.data?.map((r) => (
          <RateRow key={r.userId} serviceId={serviceId} currency={currency} person={r} />
        ))}
      </ul>
    </fieldset>
  );
}

function RateRow({
  serviceId,
  currency,
  person,
}: {
  serviceId: string;
  currency: string;
  person: { userId: string; name: string; hourlyRate: number; serviceRate: number | null };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(person.serviceRate === null ? "" : toDecimalString(person.serviceRate, currency));
  const save = useMutation(
    trpc.services.setRate.mutationOptions({
      onSuccess: async ({ rate }) => {
        toast({ title: rate === null ? `${person.name}: own rate again` : `${person.name}'s rate saved` });
        await queryClient.invalidateQueries(trpc.services.rates.queryFilter({ serviceId }));
      },
      onError: toastError,
    }),
  );
  // A typed rate in the currency's minor units (parseMoney); empty: the person's own rate.
  const minor = text.trim() === "" ? null : (parseMoney(text, currency) ?? Number.NaN);
  return (
    <li className="grid gap-1 sm:grid-cols-[1fr_auto] sm:items-end">
      <Label htmlFor={id} className="wrap-anywhere">
        {person.name} <span className="font-normal text-muted-foreground">(own: {formatMoney(person.hourlyRate, currency)} an hour)</span>
      </Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          className="h-11 w-28 sm:h-9"
          inputMode="decimal"
          placeholder="Own rate"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          type="button"
          variant="outline"
          className="min-h-11 sm:min-h-9"
          disabled={save.isPending || Number.isNaN(minor) || minor === person.serviceRate}
          onClick={() => save.mutate({ serviceId, userId: person.userId, rate: minor })}
          aria-label={`Save ${person.name}'s rate`}
        >
          Save
        </Button>
      </div>
    </li>
  );
}
