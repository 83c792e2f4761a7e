"use client";
// Edit Profile's time settings: the zone every time is shown in (pages and mail) and a 12- or 24-hour clock. Each is
// saved when chosen. The zones are the browser's list of IANA names, searchable by city or region.
import { HOUR_CYCLES, type HourCycle, zoneAbbreviation } from "@atelier/domain";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Field, toast } from "@atelier/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useMemo } from "react";
import { LazyCombobox } from "~/components/common/lazy-combobox";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

const CLOCK_LABELS: Record<HourCycle, string> = { h12: "12-hour (5:30 PM)", h23: "24-hour (17:30)" };

/** Every zone this browser knows, labelled with its name now ("America/Los Angeles (PST)"), and the person's own. */
function zoneOptions(current: string | null) {
  const now = new Date();
  const zones = Intl.supportedValuesOf("timeZone");
  const all = current && !zones.includes(current) ? [current, ...zones] : zones;
  return all.map((zone) => ({ value: zone, label: `${zone.replaceAll("_", " ")} (${zoneAbbreviation(now, zone)})` }));
}

export function TimeZoneSettings({ user }: { user: { id: string; timeZone: string | null; hourCycle: HourCycle | null } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: session, update: refreshSession } = useSession();
  const options = useMemo(() => zoneOptions(user.timeZone), [user.timeZone]);
  const save = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.users.byId.queryFilter({ id: user.id }));
        if (session?.user.id === user.id) await refreshSession();
        toast({ title: "Time settings saved" });
      },
      onError: toastError,
    }),
  );
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Time</CardTitle>
        <CardDescription>
          Times in {session?.user.id === user.id ? "your" : "their"} pages and e-mails are shown in this zone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field label="Time zone" hint={user.timeZone ? undefined : "Not chosen yet: times are shown in UTC."}>
          {(control) => (
            <LazyCombobox
              {...control}
              options={options}
              value={user.timeZone ?? undefined}
              onValueChange={(timeZone) => save.mutate({ id: user.id, timeZone })}
              placeholder="Choose a time zone"
              searchPlaceholder="Search by city or region"
              emptyText="No zone matches."
              disabled={save.isPending}
            />
          )}
        </Field>
        <Field label="Clock">
          {(control) => (
            <NativeSelect
              {...control}
              value={user.hourCycle ?? "h23"}
              onChange={(e) => save.mutate({ id: user.id, hourCycle: e.target.value as HourCycle })}
              disabled={save.isPending}
            >
              {HOUR_CYCLES.map((cycle) => (
                <option key={cycle} value={cycle}>
                  {CLOCK_LABELS[cycle]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </CardContent>
    </Card>
  );
}
