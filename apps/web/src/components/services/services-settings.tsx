"use client";
// The studio's service catalogue (docs/services.md): each service's terms, who it is shown to, its place in the order,
// archived or offered; and the studio's calendar, the time zone and days off its working days are counted with.
import type { RouterOutputs } from "@atelier/api";
import { isAdmin, PROJECT_EVENTS, servicePriceLabel, turnaroundLabel } from "@atelier/domain";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  Input,
  Label,
  Skeleton,
  Textarea,
  toast,
} from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useSession } from "next-auth/react";
import { useId, useState } from "react";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { LazyCombobox } from "~/components/common/lazy-combobox";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { builtForm, IntakeFormBuilder } from "~/components/services/intake-form-builder";
import { ServiceRates } from "~/components/services/service-rates";
import { useTRPC } from "~/trpc/react";

type Service = RouterOutputs["services"]["list"][number];

const CURRENCIES = ["EUR", "USD", "GBP", "CHF"] as const;

/** Money as typed ("350", "350.50", "350,50") into minor units; "" is none; NaN when unreadable. */
function readMoney(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (t === "") return null;
  return /^\d{1,7}(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}
const moneyText = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));

export function ServicesSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const services = useQuery(trpc.services.list.queryOptions({ archived: true }));
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.services.pathFilter());
  const reorder = useMutation(trpc.services.reorder.mutationOptions({ onSuccess: refresh, onError: toastError }));
  const archive = useMutation(trpc.services.setArchived.mutationOptions({ onSuccess: refresh, onError: toastError }));
  const list = services.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ ids });
  };
  return (
    <>
      <PageHeader
        title="Services"
        description="What the studio offers: a client starting a project picks one, and its due date follows from the turnaround."
      />
      <div className="grid gap-4">
        {editing === "new" ? (
          <ServiceForm onDone={() => setEditing(null)} />
        ) : (
          <Button className="min-h-11 justify-self-start sm:min-h-9" onClick={() => setEditing("new")}>
            New service
          </Button>
        )}
        {services.isPending && <Skeleton className="h-40" />}
        {services.data?.length === 0 && <EmptyState title="No services yet" description="Add the first thing the studio offers." />}
        <ol className="grid gap-3" data-testid="service-list">
          {list.map((s, i) =>
            editing === s.id ? (
              <li key={s.id}>
                <ServiceForm service={s} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={s.id}>
                <Card className={s.archivedAt ? "opacity-70" : undefined} data-testid="service">
                  <CardHeader className="gap-2 sm:grid-cols-[1fr_auto]">
                    <div className="min-w-0">
                      <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                        <span className="wrap-anywhere">{s.name}</span>
                        {s.archivedAt && <Badge variant="outline">Archived</Badge>}
                      </CardTitle>
                      <CardDescription className="flex flex-wrap gap-x-3">
                        <span>{servicePriceLabel(s)}</span>
                        <span>{turnaroundLabel(s.turnaroundDays)}</span>
                        <span>
                          {s.rounds} change round{s.rounds === 1 ? "" : "s"}
                        </span>
                        {s.rushDays !== null && (
                          <span>
                            Rush: {turnaroundLabel(s.rushDays)}
                            {s.rushPrice !== null && `, ${servicePriceLabel({ price: s.rushPrice, currency: s.currency })}`}
                          </span>
                        )}
                        {s.intakeForm.length > 0 && (
                          <span>
                            {s.intakeForm.length} question{s.intakeForm.length === 1 ? "" : "s"}
                          </span>
                        )}
                        <span>
                          {s.forAll ? "Every business" : `${s.businessIds.length} business${s.businessIds.length === 1 ? "" : "es"}`}
                        </span>
                      </CardDescription>
                    </div>
                    <div className="flex flex-wrap items-center gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-11 sm:size-9"
                        aria-label={`Move ${s.name} up`}
                        disabled={i === 0 || reorder.isPending}
                        onClick={() => move(i, -1)}
                      >
                        <ArrowUp className="size-4" aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-11 sm:size-9"
                        aria-label={`Move ${s.name} down`}
                        disabled={i === list.length - 1 || reorder.isPending}
                        onClick={() => move(i, 1)}
                      >
                        <ArrowDown className="size-4" aria-hidden />
                      </Button>
                      <Button variant="outline" size="sm" className="min-h-11 sm:min-h-8" onClick={() => setEditing(s.id)}>
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="min-h-11 sm:min-h-8"
                        disabled={archive.isPending}
                        onClick={() => archive.mutate({ id: s.id, archived: s.archivedAt === null })}
                      >
                        {s.archivedAt ? "Offer again" : "Archive"}
                      </Button>
                    </div>
                  </CardHeader>
                  {s.description && (
                    <CardContent>
                      <p className="whitespace-pre-wrap wrap-anywhere text-sm">{s.description}</p>
                    </CardContent>
                  )}
                </Card>
              </li>
            ),
          )}
        </ol>
        <StudioCalendar />
      </div>
    </>
  );
}

function ServiceForm({ service, onDone }: { service?: Service; onDone: () => void }) {
  const trpc = useTRPC();
  const admin = isAdmin(useSession().data?.user.role ?? "client");
  const queryClient = useQueryClient();
  const id = useId();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const [name, setName] = useState(service?.name ?? "");
  const [description, setDescription] = useState(service?.description ?? "");
  const [event, setEvent] = useState<string>(service?.event ?? "flyer");
  const [price, setPrice] = useState(moneyText(service?.price ?? null));
  const [currency, setCurrency] = useState(service?.currency ?? "EUR");
  const [rounds, setRounds] = useState(String(service?.rounds ?? 2));
  const [turnaround, setTurnaround] = useState(String(service?.turnaroundDays ?? 3));
  const [rushDays, setRushDays] = useState(service?.rushDays === null || service?.rushDays === undefined ? "" : String(service.rushDays));
  const [rushPrice, setRushPrice] = useState(moneyText(service?.rushPrice ?? null));
  const [forAll, setForAll] = useState(service?.forAll ?? true);
  const [chosen, setChosen] = useState<string[]>(service?.businessIds ?? []);
  const [intakeForm, setIntakeForm] = useState(service?.intakeForm ?? []);
  const [estimate, setEstimate] = useState(service?.estimateMinutes ? String(service.estimateMinutes / 60) : "");
  const [problem, setProblem] = useState<string | null>(null);
  const done = async (title: string) => {
    toast({ title });
    await queryClient.invalidateQueries(trpc.services.pathFilter());
    onDone();
  };
  const create = useMutation(trpc.services.create.mutationOptions({ onSuccess: () => done(`${name.trim()} added`) }));
  const update = useMutation(trpc.services.update.mutationOptions({ onSuccess: () => done(`${name.trim()} saved`) }));
  const pending = create.isPending || update.isPending;
  const whole = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const submit = () => {
    const fields = {
      name,
      description,
      event: event as Service["event"] & (typeof PROJECT_EVENTS)[number]["value"],
      price: readMoney(price),
      currency: currency as (typeof CURRENCIES)[number],
      rounds: whole(rounds),
      turnaroundDays: whole(turnaround),
      rushDays: rushDays.trim() === "" ? null : whole(rushDays),
      rushPrice: readMoney(rushPrice),
      forAll,
      businessIds: forAll ? [] : chosen,
      intakeForm: builtForm(intakeForm),
      estimateMinutes: estimate.trim() === "" ? 0 : Math.round(Number(estimate.trim().replace(",", ".")) * 60),
    };
    if (Number.isNaN(fields.estimateMinutes) || fields.estimateMinutes < 0)
      return setProblem("Write the estimate in hours, such as 6 or 1.5.");
    if ([fields.price, fields.rushPrice].some((v) => v !== null && Number.isNaN(v)))
      return setProblem("Write prices as numbers, such as 350 or 350.50.");
    if ([fields.rounds, fields.turnaroundDays, fields.rushDays].some((v) => v !== null && Number.isNaN(v))) {
      return setProblem("Write rounds and days as whole numbers.");
    }
    setProblem(null);
    if (service) update.mutate({ id: service.id, service: fields });
    else create.mutate(fields);
  };
  const field = (suffix: string) => `${id}-${suffix}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{service ? `Edit ${service.name}` : "New service"}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3 sm:grid-cols-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={field("name")}>Name</Label>
            <Input id={field("name")} className="h-11 sm:h-9" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={field("description")}>Description</Label>
            <Textarea id={field("description")} value={description} maxLength={2000} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field("event")}>Kind of work</Label>
            <NativeSelect id={field("event")} aria-label="Kind of work" value={event} onChange={(e) => setEvent(e.target.value)}>
              {PROJECT_EVENTS.map((e) => (
                <option key={e.value} value={e.value}>
                  {e.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid grid-cols-[1fr_auto] gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={field("price")}>Price (empty: quoted)</Label>
              <Input
                id={field("price")}
                inputMode="decimal"
                className="h-11 sm:h-9"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={field("currency")}>Currency</Label>
              <NativeSelect
                id={field("currency")}
                aria-label="Currency"
                className="w-24"
                value={currency}
                onChange={(e) => setCurrency(e.target.value)}
              >
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field("turnaround")}>Turnaround (working days)</Label>
            <Input
              id={field("turnaround")}
              inputMode="numeric"
              className="h-11 sm:h-9"
              value={turnaround}
              onChange={(e) => setTurnaround(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field("rounds")}>Change rounds included</Label>
            <Input
              id={field("rounds")}
              inputMode="numeric"
              className="h-11 sm:h-9"
              value={rounds}
              onChange={(e) => setRounds(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field("rush")}>Rush turnaround (working days, empty: none)</Label>
            <Input
              id={field("rush")}
              inputMode="numeric"
              className="h-11 sm:h-9"
              value={rushDays}
              onChange={(e) => setRushDays(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field("rush-price")}>Rush price (empty: the same)</Label>
            <Input
              id={field("rush-price")}
              inputMode="decimal"
              className="h-11 sm:h-9"
              value={rushPrice}
              onChange={(e) => setRushPrice(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field("estimate")}>Estimated hours a request (for the workload)</Label>
            <Input
              id={field("estimate")}
              inputMode="decimal"
              className="h-11 sm:h-9"
              value={estimate}
              onChange={(e) => setEstimate(e.target.value)}
            />
          </div>
          <fieldset className="grid gap-2 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">Shown to</legend>
            <div className="flex items-center gap-2">
              <Checkbox id={field("all")} checked={forAll} onCheckedChange={(c) => setForAll(c === true)} />
              <Label htmlFor={field("all")}>Every business</Label>
            </div>
            {!forAll && (
              <ul className="grid gap-1 sm:grid-cols-2" aria-label="Businesses it is shown to">
                {businesses.data?.map((b) => (
                  <li key={b.id} className="flex min-h-11 items-center gap-2 sm:min-h-8">
                    <Checkbox
                      id={field(`b-${b.id}`)}
                      checked={chosen.includes(b.id)}
                      onCheckedChange={(c) => setChosen((now) => (c === true ? [...now, b.id] : now.filter((x) => x !== b.id)))}
                    />
                    <Label htmlFor={field(`b-${b.id}`)} className="wrap-anywhere">
                      {b.name}
                    </Label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          <div className="sm:col-span-2">
            <IntakeFormBuilder fields={intakeForm} onChange={setIntakeForm} />
          </div>
          {service && admin && (
            <div className="sm:col-span-2">
              <ServiceRates serviceId={service.id} serviceName={service.name} currency={service.currency} />
            </div>
          )}
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
            <SubmitButton pending={pending} pendingLabel="Saving…">
              {service ? "Save service" : "Add service"}
            </SubmitButton>
            <Button type="button" variant="ghost" className="min-h-11 sm:min-h-9" onClick={onDone}>
              Cancel
            </Button>
            {problem && (
              <p role="alert" className="text-sm text-destructive-text">
                {problem}
              </p>
            )}
            <FormError error={create.error ?? update.error} />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function StudioCalendar() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const calendar = useQuery(trpc.services.calendar.queryOptions());
  const save = useMutation(
    trpc.services.saveCalendar.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Calendar saved" });
        await queryClient.invalidateQueries(trpc.services.pathFilter());
      },
      onError: toastError,
    }),
  );
  const [day, setDay] = useState("");
  const [label, setLabel] = useState("");
  const c = calendar.data;
  // UTC (the studio's zone until one is chosen) is not among the browser's named zones.
  const names = Intl.supportedValuesOf("timeZone");
  const zones = (names.includes("UTC") ? names : ["UTC", ...names]).map((z) => ({
    value: z,
    label: z.replaceAll("_", " "),
    disabled: false,
  }));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">The studio's calendar</CardTitle>
        <CardDescription>Turnarounds count weekdays in this time zone, skipping these days off.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!c && <Skeleton className="h-24" />}
        {c && (
          <>
            <div className="grid max-w-sm gap-1.5">
              <Label>Time zone</Label>
              <LazyCombobox
                aria-label="The studio's time zone"
                options={zones}
                value={c.timeZone}
                onValueChange={(timeZone: string) => save.mutate({ timeZone, daysOff: c.daysOff })}
              />
            </div>
            <ul className="grid gap-1" data-testid="days-off">
              {c.daysOff.length === 0 && <li className="text-sm text-muted-foreground">No days off.</li>}
              {c.daysOff.map((d) => (
                <li key={d.day} className="flex min-h-11 flex-wrap items-center gap-2 text-sm sm:min-h-8">
                  <span className="tabular-nums">{d.day}</span>
                  <span className="wrap-anywhere text-muted-foreground">{d.label}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto min-h-11 sm:min-h-8"
                    aria-label={`Remove the day off ${d.day}`}
                    onClick={() => save.mutate({ timeZone: c.timeZone, daysOff: c.daysOff.filter((x) => x.day !== d.day) })}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            <form
              className="flex flex-wrap items-end gap-2"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!day) return;
                save.mutate(
                  { timeZone: c.timeZone, daysOff: [...c.daysOff.filter((x) => x.day !== day), { day, label }] },
                  {
                    onSuccess: () => {
                      setDay("");
                      setLabel("");
                    },
                  },
                );
              }}
            >
              <div className="grid gap-1.5">
                <Label htmlFor="day-off">Day off</Label>
                <Input id="day-off" type="date" className="h-11 sm:h-9" value={day} onChange={(e) => setDay(e.target.value)} />
              </div>
              <div className="grid min-w-48 flex-1 gap-1.5">
                <Label htmlFor="day-off-label">What it is</Label>
                <Input
                  id="day-off-label"
                  className="h-11 sm:h-9"
                  maxLength={120}
                  value={label}
                  onChange={(e) => setLabel(e.target.value)}
                />
              </div>
              <Button type="submit" variant="outline" className="min-h-11 sm:min-h-9" disabled={!day || save.isPending}>
                Add day off
              </Button>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
