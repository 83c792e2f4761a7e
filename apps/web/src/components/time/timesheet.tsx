"use client";
// A person's week of time (docs/time.md): Monday to Sunday in the reader's zone, each day's entries with their project,
// note, duration and whether they are billable or billed, the week's total; time logged by hand, entries changed or
// deleted until they are billed. An admin picks whose week it is and sets each person's hourly rate.
import type { RouterOutputs } from "@atelier/api";
import { dayIn, formatMinutes, isAdmin, readDuration, type SessionUser, weekDays, weekStart } from "@atelier/domain";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Checkbox,
  Field,
  fieldError,
  Input,
  Label,
  Skeleton,
  showServerFieldErrors,
  toast,
  useLazyZodForm,
} from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { RemoveButton } from "~/components/common/destructive-actions";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { useRequestId } from "~/components/common/use-request-id";
import { useTRPC } from "~/trpc/react";

type Week = RouterOutputs["time"]["week"];
type Entry = Week["days"][number]["entries"][number];

const loadLogForm = () => import("./forms").then((m) => m.logTimeForm);

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
const shiftWeek = (monday: string, weeks: number) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

export function Timesheet({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const today = dayIn(new Date(), user.timeZone ?? "UTC");
  const monday = weekStart(params.get("week") ?? today);
  const admin = isAdmin(user.role);
  const personId = (admin && params.get("person")) || user.id;
  const week = useQuery(trpc.time.week.queryOptions({ day: monday, ...(personId === user.id ? {} : { userId: personId }) }));
  const people = useQuery({ ...trpc.time.people.queryOptions(), enabled: admin });
  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    router.replace(`?${next.toString()}`, { scroll: false });
  };
  const days = weekDays(monday);
  const mine = personId === user.id;

  return (
    <>
      <PageHeader title="Timesheet" description="Time on projects, a week at a time." action={{ href: "/workload", label: "Workload" }} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          className="size-11 sm:size-9"
          aria-label="Previous week"
          onClick={() => go({ week: shiftWeek(monday, -1) })}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </Button>
        <h2 className="min-w-44 text-center text-sm font-medium" aria-live="polite">
          {dayLabel(days[0]!)} – {dayLabel(days[6]!)} {days[6]!.slice(0, 4)}
        </h2>
        <Button
          variant="outline"
          size="icon"
          className="size-11 sm:size-9"
          aria-label="Next week"
          onClick={() => go({ week: shiftWeek(monday, 1) })}
        >
          <ChevronRight className="size-4" aria-hidden />
        </Button>
        {monday !== weekStart(today) && (
          <Button variant="ghost" className="min-h-11 sm:min-h-9" onClick={() => go({ week: null })}>
            This week
          </Button>
        )}
        {admin && (
          <NativeSelect
            aria-label="Whose time"
            className="w-full sm:ml-auto sm:w-56"
            value={personId}
            onChange={(e) => go({ person: e.target.value === user.id ? null : e.target.value })}
          >
            {(people.data ?? [{ id: user.id, name: user.name ?? "You" }]).map((p) => (
              <option key={p.id} value={p.id}>
                {p.id === user.id ? `${p.name} (you)` : p.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </div>
      {mine && <LogTime day={days.includes(today) ? today : days[0]!} projectId={params.get("project")} />}
      {week.isPending && <Skeleton className="h-64" />}
      {week.error && <EmptyState title="This week could not be read" description={week.error.message} />}
      {week.data && <WeekView week={week.data} user={user} />}
      {admin && people.data && <Rates people={people.data} />}
    </>
  );
}

function WeekView({ week, user }: { week: Week; user: SessionUser }) {
  const billable = week.days.flatMap((d) => d.entries).filter((e) => e.billable && e.minutes !== null);
  return (
    <Card className="mb-6" data-testid="timesheet-week">
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2">
        <CardTitle className="text-base">{week.person.name}</CardTitle>
        <p className="text-sm text-muted-foreground" data-testid="week-total">
          {formatMinutes(week.minutes)} this week · {formatMinutes(billable.reduce((s, e) => s + (e.minutes ?? 0), 0))} billable
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {week.days.map((d) => (
          <section key={d.day} aria-label={dayLabel(d.day)} className="grid gap-1">
            <h3 className="flex items-baseline justify-between border-b pb-1 text-sm font-semibold">
              <span>{dayLabel(d.day)}</span>
              <span className="tabular-nums text-muted-foreground">{d.minutes ? formatMinutes(d.minutes) : "—"}</span>
            </h3>
            {d.entries.length > 0 && (
              <ul className="divide-y">
                {d.entries.map((e) => (
                  <EntryRow key={e.id} entry={e} canChange={e.invoiceId === null && (e.userId === user.id || isAdmin(user.role))} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

function EntryRow({ entry: e, canChange }: { entry: Entry; canChange: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  // As the form reads it back: hours and minutes, "1:05".
  const [duration, setDuration] = useState(e.minutes ? `${Math.floor(e.minutes / 60)}:${String(e.minutes % 60).padStart(2, "0")}` : "");
  const [note, setNote] = useState(e.note);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.time.pathFilter());
  const update = useMutation(
    trpc.time.update.mutationOptions({
      onSuccess: () => {
        setEditing(false);
        return refresh();
      },
      onError: (error) => setProblem(error.message),
    }),
  );
  const remove = useMutation(trpc.time.delete.mutationOptions({ onSuccess: refresh, onError: toastError }));
  const save = () => {
    const minutes = readDuration(duration);
    if (minutes === undefined) return setProblem("Write the time as 1:30, 1h30, 1.5h or 90 (minutes).");
    setProblem(null);
    update.mutate({ id: e.id, minutes, note });
  };
  return (
    <li className="grid gap-2 py-2 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="time-entry">
      <div className="min-w-0">
        <Link href={`/projects/${e.projectId}`} className="font-medium hover:underline">
          {e.projectTitle}
        </Link>
        <span className="text-sm text-muted-foreground"> · {e.businessName}</span>
        {e.note && !editing && <p className="text-sm wrap-anywhere text-muted-foreground">{e.note}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {e.endedAt === null ? <Badge>Running</Badge> : <span className="tabular-nums">{formatMinutes(e.minutes ?? 0)}</span>}
        {!e.billable && <Badge variant="outline">Not billable</Badge>}
        {e.invoiceId && (
          <Badge variant="secondary">
            <Link href={`/invoices/${e.invoiceId}`}>Billed · {e.invoiceNumber}</Link>
          </Badge>
        )}
        {canChange && e.endedAt !== null && !editing && (
          <Button variant="ghost" size="sm" className="min-h-11 sm:min-h-8" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        {canChange && (
          <RemoveButton
            name={`${e.projectTitle}, ${e.minutes ? formatMinutes(e.minutes) : "running"}`}
            from="the timesheet"
            description="The time is gone from the week and from what can be billed."
            onConfirm={() => remove.mutateAsync({ id: e.id })}
          />
        )}
      </div>
      {editing && (
        <form
          className="flex flex-wrap items-end gap-2 sm:col-span-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${e.id}-time`}>Time</Label>
            <Input
              id={`${e.id}-time`}
              className="h-11 w-28 sm:h-9"
              value={duration}
              onChange={(ev) => setDuration(ev.target.value)}
              aria-invalid={problem ? true : undefined}
            />
          </div>
          <div className="grid min-w-48 flex-1 gap-1">
            <Label htmlFor={`${e.id}-note`}>Note</Label>
            <Input id={`${e.id}-note`} className="h-11 sm:h-9" value={note} maxLength={500} onChange={(ev) => setNote(ev.target.value)} />
          </div>
          <Button type="submit" className="min-h-11 sm:min-h-9" disabled={update.isPending}>
            Save
          </Button>
          <Button type="button" variant="ghost" className="min-h-11 sm:min-h-9" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {problem && (
            <p role="alert" className="w-full text-sm text-destructive-text">
              {problem}
            </p>
          )}
        </form>
      )}
    </li>
  );
}

function LogTime({ day, projectId }: { day: string; projectId: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const requestId = useRequestId();
  const projects = useQuery(trpc.projects.list.queryOptions({ archived: false, sort: "newest", limit: 50 }));
  const form = useLazyZodForm(loadLogForm, { defaultValues: { projectId: projectId ?? "", day, duration: "", note: "", billable: true } });
  const add = useMutation(
    trpc.time.add.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Time logged" });
        form.reset({ ...form.getValues(), duration: "", note: "" });
        requestId.done();
        await queryClient.invalidateQueries(trpc.time.pathFilter());
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) toastError(error);
      },
    }),
  );
  const onSubmit = form.handleSubmit((v) =>
    add.mutate({
      projectId: v.projectId,
      day: v.day,
      minutes: v.duration,
      note: v.note,
      billable: v.billable,
      requestId: requestId.current(),
    }),
  );
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle className="text-base">Log time</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]" onSubmit={onSubmit} noValidate>
          <Field label="Project" error={fieldError(form, "projectId")}>
            {(control) => (
              <Controller
                control={form.control}
                name="projectId"
                render={({ field }) => (
                  <NativeSelect {...control} aria-label="Project" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                    <option value="" disabled>
                      Choose a project…
                    </option>
                    {projects.data?.items.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.title} · {p.businessName}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              />
            )}
          </Field>
          <Field label="Day" error={fieldError(form, "day")}>
            {(control) => <Input {...control} type="date" className="h-11 sm:h-9" {...form.register("day")} />}
          </Field>
          <Field label="Time" hint="1:30, 1h30, 1.5h or 90" error={fieldError(form, "duration")}>
            {(control) => <Input {...control} inputMode="text" className="h-11 sm:h-9" placeholder="1:30" {...form.register("duration")} />}
          </Field>
          <Field label="Note" className="sm:col-span-2" error={fieldError(form, "note")}>
            {(control) => <Input {...control} className="h-11 sm:h-9" maxLength={500} {...form.register("note")} />}
          </Field>
          <div className="flex items-center gap-2 self-end sm:min-h-9">
            <Controller
              control={form.control}
              name="billable"
              render={({ field }) => (
                <Checkbox id="log-billable" checked={field.value} onCheckedChange={(c) => field.onChange(c === true)} />
              )}
            />
            <Label htmlFor="log-billable">Billable</Label>
          </div>
          <div className="flex items-center gap-3 sm:col-span-3">
            <SubmitButton pending={add.isPending} pendingLabel="Logging…">
              Log time
            </SubmitButton>
            <FormError error={add.error} fieldsShown />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function Rates({ people }: { people: RouterOutputs["time"]["people"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Hourly rates</CardTitle>
        <p className="text-sm text-muted-foreground">
          In the currency of the invoice the time goes on. Time logged from now on carries the rate.
        </p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {people.map((p) => (
            <RateRow key={p.id} person={p} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function RateRow({ person }: { person: RouterOutputs["time"]["people"][number] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState((person.hourlyRate / 100).toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(
    trpc.time.setRate.mutationOptions({
      onSuccess: async ({ rate }) => {
        toast({ title: `${person.name}: ${(rate / 100).toFixed(2)} an hour` });
        await queryClient.invalidateQueries(trpc.time.pathFilter());
      },
      onError: (error) => setProblem(error.message),
    }),
  );
  const id = `rate-${person.id}`;
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <Label htmlFor={id} className="min-w-40 flex-1">
        {person.name}
      </Label>
      <Input
        id={id}
        inputMode="decimal"
        className="h-11 w-32 sm:h-9"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <Button
        variant="outline"
        className="min-h-11 sm:min-h-9"
        disabled={save.isPending}
        onClick={() => {
          const value = Number(text.replace(",", "."));
          if (!Number.isFinite(value) || value < 0) return setProblem("Write the rate as a number, such as 60 or 72.50.");
          setProblem(null);
          save.mutate({ userId: person.id, rate: Math.round(value * 100) });
        }}
      >
        Save rate
      </Button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-destructive-text">
          {problem}
        </p>
      )}
    </li>
  );
}
