"use client";
// Workload in hours (docs/workload.md, "Hours"): for each person and week, the time logged and the time their open
// projects' services still imply, against their hours a week; over is marked. An admin sets a person's hours here.
// Loaded after the Workload page.
import { formatMinutes, isAdmin } from "@atelier/domain";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { formatDay } from "~/components/common/format";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

const hours = (minutes: number) => (minutes === 0 ? "0 h" : formatMinutes(minutes));

export default function WorkloadHours() {
  const trpc = useTRPC();
  const admin = isAdmin(useSession().data?.user.role ?? "client");
  const data = useQuery(trpc.workload.hours.queryOptions());
  if (data.isPending) return <Skeleton className="h-40" />;
  if (!data.data) return null;
  const { weeks, thisWeek, people, unassignedMinutes } = data.data;
  return (
    <Card data-testid="workload-hours">
      <CardHeader>
        <CardTitle>Hours</CardTitle>
        <CardDescription>
          Each week: time logged, and time still ahead on open projects by their services' estimates, against each person's hours a week.
          {unassignedMinutes > 0 && ` ${hours(unassignedMinutes)} of estimated work has nobody yet.`}
        </CardDescription>
      </CardHeader>
      {/* Scrolls sideways on a phone: reachable by keyboard, and named. */}
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label="Hours by person and week, scrolls sideways">
        <table className="w-full min-w-[36rem] text-sm" aria-label="Hours by person and week">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-2 pr-3 font-normal">Person</th>
              {weeks.map((w) => (
                <th key={w} className="py-2 pr-3 font-normal">
                  {w === thisWeek ? "This week" : `Week of ${formatDay(w)}`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {people.map((row) => (
              <tr key={row.personId} className="border-t align-top" data-testid="hours-person">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  <span className="wrap-anywhere">{row.person.name ?? row.person.email}</span>
                  <Capacity userId={row.personId} minutes={row.capacity} canEdit={admin} />
                </th>
                {row.weeks.map((w) => (
                  <td key={w.week} className="py-2 pr-3 tabular-nums">
                    <div>{hours(w.logged)} logged</div>
                    {w.implied > 0 && <div className="text-muted-foreground">{hours(w.implied)} ahead</div>}
                    {w.over > 0 && (
                      <Badge variant="destructive" className="mt-1">
                        {hours(w.over)} over
                      </Badge>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

/** A person's hours a week; an admin changes them in place. */
function Capacity({ userId, minutes, canEdit }: { userId: string; minutes: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(String(minutes / 60));
  const save = useMutation(
    trpc.workload.setCapacity.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Hours a week saved" });
        setEditing(false);
        await queryClient.invalidateQueries(trpc.workload.hours.queryFilter());
      },
      onError: toastError,
    }),
  );
  if (!editing) {
    return (
      <div className="font-normal text-muted-foreground">
        {hours(minutes)} a week
        {canEdit && (
          <Button variant="link" size="sm" className="ml-1 h-auto min-h-11 p-0 sm:min-h-0" onClick={() => setEditing(true)}>
            Change
          </Button>
        )}
      </div>
    );
  }
  const value = Number(text.replace(",", "."));
  return (
    <form
      className="mt-1 flex items-center gap-1 font-normal"
      onSubmit={(e) => {
        e.preventDefault();
        if (Number.isFinite(value) && value >= 0 && value <= 168) save.mutate({ userId, minutes: Math.round(value * 60) });
      }}
    >
      <Input
        aria-label="Hours a week"
        className="h-11 w-20 sm:h-8"
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        type="submit"
        size="sm"
        className="min-h-11 sm:min-h-8"
        disabled={save.isPending || !(Number.isFinite(value) && value >= 0 && value <= 168)}
      >
        Save
      </Button>
    </form>
  );
}
