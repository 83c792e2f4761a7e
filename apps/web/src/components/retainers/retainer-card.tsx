"use client";
// A business's retainer (docs/retainers.md): its terms, this month's standing (what it had, used, has left or went
// over) and the months before; the studio sets, changes or ends it, and an admin bills a month. The business sees its
// own here and on its Billing page. Loaded after the page that shows it.
import {
  type CURRENCY_CODES,
  formatMinutes,
  formatMoney,
  monthLabel,
  parseMoney,
  RETAINER_ROLLOVERS,
  RETAINER_UNITS,
  type RetainerRollover,
  type RetainerTerms,
  type RetainerUnit,
  retainerAllowanceLabel,
  retainerAmount,
  toDecimalString,
} from "@atelier/domain";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { formatDay } from "~/components/common/format";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { useRequestId } from "~/components/common/use-request-id";
import { useTRPC } from "~/trpc/react";

type Mode = { edit: boolean; bill: boolean };

export default function RetainerCard({
  businessId,
  currency,
  edit = false,
  bill = false,
}: {
  businessId: string;
  currency: string;
} & Partial<Mode>) {
  const trpc = useTRPC();
  const retainer = useQuery(trpc.retainers.get.queryOptions({ businessId }));
  const [editing, setEditing] = useState(false);
  if (retainer.isPending) return <Skeleton className="h-32" />;
  const r = retainer.data;
  // A business without one sees nothing of it; the studio sees how to set one up.
  if (!r && !edit) return null;
  return (
    <Card data-testid="retainer" role="region" aria-labelledby="retainer-title">
      <CardHeader className="gap-2 sm:grid-cols-[1fr_auto]">
        <div className="min-w-0">
          <CardTitle id="retainer-title">Retainer</CardTitle>
          <CardDescription>
            {r
              ? `${retainerAllowanceLabel(r.terms)} from ${formatDay(r.terms.startsOn)}. ${RETAINER_ROLLOVERS.find((o) => o.value === r.terms.rollover)?.label ?? ""}.`
              : "No retainer: each request is billed on its own."}
          </CardDescription>
        </div>
        {edit && !editing && (
          <Button variant="outline" size="sm" className="min-h-11 justify-self-start sm:min-h-8" onClick={() => setEditing(true)}>
            {r ? "Change" : "Set up a retainer"}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {editing && <RetainerForm businessId={businessId} currency={currency} terms={r?.terms ?? null} onDone={() => setEditing(false)} />}
        {r && (
          <>
            {r.current ? (
              <Standing unit={r.terms.unit} month={r.current} terms={r.terms} />
            ) : (
              <p className="text-sm text-muted-foreground">It starts on {formatDay(r.terms.startsOn)}.</p>
            )}
            {r.months.length > 0 && <History businessId={businessId} unit={r.terms.unit} months={r.months} bill={bill} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A number in the table: requests as a count, hours as hours and minutes. */
const count = (unit: RetainerUnit, amount: number) => (unit === "hours" ? formatMinutes(amount) : String(amount));

type Month = { month: string; allowance: number; carriedIn: number; available: number; used: number; left: number; over: number };

/** This month: what is left (or how far over), with what it had and what was used. */
function Standing({ unit, month, terms }: { unit: RetainerUnit; month: Month; terms: Omit<RetainerTerms, "startsOn" | "rollover"> }) {
  const share = month.available === 0 ? 1 : Math.min(1, month.used / month.available);
  return (
    <div className="grid gap-2" data-testid="retainer-standing">
      <p className="text-sm">
        <strong className="text-base" data-testid="retainer-left">
          {month.over > 0 ? `${retainerAmount(unit, month.over)} over` : `${retainerAmount(unit, month.left)} left`}
        </strong>{" "}
        in {monthLabel(month.month)}: {retainerAmount(unit, month.used)} used of {retainerAmount(unit, month.available)}
        {month.carriedIn > 0 && ` (${retainerAmount(unit, month.carriedIn)} carried in)`}.
      </p>
      {/* The sentence above says it in words. */}
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className={`h-full ${month.over > 0 ? "bg-destructive" : "bg-primary"}`} style={{ width: `${share * 100}%` }} />
      </div>
      {month.over > 0 && terms.rate > 0 && (
        <p className="text-sm text-muted-foreground">
          Going over is billed at {formatMoney(terms.rate, terms.currency)} {unit === "hours" ? "an hour" : "a request"}.
        </p>
      )}
    </div>
  );
}

function History({
  businessId,
  unit,
  months,
  bill,
}: {
  businessId: string;
  unit: RetainerUnit;
  months: (Month & { invoiceId: string | null })[];
  bill: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const requestId = useRequestId();
  const make = useMutation(
    trpc.invoices.fromRetainer.mutationOptions({
      onSuccess: ({ id, number }) => {
        requestId.done();
        toast({ title: `Draft ${number} made` });
        router.push(`/invoices/${id}`);
      },
      onError: toastError,
    }),
  );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
    <section className="overflow-x-auto" tabIndex={0} aria-label="Months of the retainer, scrolls sideways">
      <table className="w-full text-sm" aria-label="Months of the retainer">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 pr-3 font-normal whitespace-nowrap">Month</th>
            <th className="py-1 pr-3 font-normal whitespace-nowrap">{unit === "hours" ? "Hours had" : "Requests had"}</th>
            <th className="py-1 pr-3 font-normal whitespace-nowrap">Used</th>
            <th className="py-1 pr-3 font-normal whitespace-nowrap">Left or over</th>
            {bill && <th className="py-1 font-normal whitespace-nowrap">Invoice</th>}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-t">
              <td className="py-1 pr-3 whitespace-nowrap">{monthLabel(m.month)}</td>
              <td className="py-1 pr-3 whitespace-nowrap tabular-nums">{count(unit, m.available)}</td>
              <td className="py-1 pr-3 whitespace-nowrap tabular-nums">{count(unit, m.used)}</td>
              <td className="py-1 pr-3 whitespace-nowrap">
                {m.over > 0 ? (
                  <Badge variant="destructive">{retainerAmount(unit, m.over)} over</Badge>
                ) : (
                  `${retainerAmount(unit, m.left)} left`
                )}
              </td>
              {bill && (
                <td className="py-1">
                  {m.invoiceId ? (
                    <Link
                      href={`/invoices/${m.invoiceId}`}
                      className="inline-flex min-h-11 items-center underline underline-offset-4 sm:min-h-0"
                    >
                      Billed
                    </Link>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="min-h-11 sm:min-h-8"
                      disabled={make.isPending}
                      onClick={() => make.mutate({ businessId, month: m.month, requestId: requestId.current() })}
                      aria-label={`Bill ${monthLabel(m.month)}`}
                    >
                      Bill
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A typed amount in the currency's minor units (parseMoney); empty is none (0); NaN when unreadable. */
const readMoney = (text: string, currency: string) => (text.trim() === "" ? 0 : (parseMoney(text, currency) ?? Number.NaN));

function RetainerForm({
  businessId,
  currency,
  terms,
  onDone,
}: {
  businessId: string;
  currency: string;
  terms: RetainerTerms | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [unit, setUnit] = useState<RetainerUnit>(terms?.unit ?? "requests");
  const [allowance, setAllowance] = useState(terms ? String(terms.unit === "hours" ? terms.allowance / 60 : terms.allowance) : "");
  const [startsOn, setStartsOn] = useState(terms?.startsOn ?? new Date().toISOString().slice(0, 8).concat("01"));
  const [rollover, setRollover] = useState<RetainerRollover>(terms?.rollover ?? "none");
  const [rate, setRate] = useState(terms?.rate ? toDecimalString(terms.rate, currency) : "");
  const [fee, setFee] = useState(terms?.monthlyFee ? toDecimalString(terms.monthlyFee, currency) : "");
  const [problem, setProblem] = useState<string | null>(null);
  const done = async (title: string) => {
    toast({ title });
    await queryClient.invalidateQueries(trpc.retainers.pathFilter());
    onDone();
  };
  const save = useMutation(
    trpc.retainers.set.mutationOptions({ onSuccess: (_, input) => done(input.terms ? "Retainer saved" : "Retainer ended") }),
  );
  const at = (suffix: string) => `${id}-${suffix}`;
  const submit = () => {
    const amount = Number(allowance.trim().replace(",", "."));
    const minor = { rate: readMoney(rate, currency), monthlyFee: readMoney(fee, currency) };
    if (!Number.isFinite(amount) || amount <= 0) return setProblem("Give the allowance as a number more than 0.");
    if (unit === "requests" && !Number.isInteger(amount)) return setProblem("Requests are whole numbers.");
    if (Number.isNaN(minor.rate) || Number.isNaN(minor.monthlyFee)) return setProblem("Write amounts as numbers, such as 350 or 350.50.");
    setProblem(null);
    save.mutate({
      businessId,
      terms: {
        unit,
        allowance: unit === "hours" ? Math.round(amount * 60) : amount,
        startsOn,
        rollover,
        ...minor,
        currency: currency as (typeof CURRENCY_CODES)[number],
      },
    });
  };
  return (
    <form
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={at("unit")}>Counted in</Label>
        <NativeSelect id={at("unit")} aria-label="Counted in" value={unit} onChange={(e) => setUnit(e.target.value as RetainerUnit)}>
          {RETAINER_UNITS.map((u) => (
            <option key={u.value} value={u.value}>
              {u.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={at("allowance")}>{unit === "hours" ? "Hours a month" : "Requests a month"}</Label>
        <Input
          id={at("allowance")}
          className="h-11 sm:h-9"
          inputMode="decimal"
          value={allowance}
          onChange={(e) => setAllowance(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={at("starts")}>Starts on</Label>
        <Input id={at("starts")} type="date" className="h-11 sm:h-9" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={at("rollover")}>What is left at a month's end</Label>
        <NativeSelect
          id={at("rollover")}
          aria-label="What is left at a month's end"
          value={rollover}
          onChange={(e) => setRollover(e.target.value as RetainerRollover)}
        >
          {RETAINER_ROLLOVERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={at("rate")}>
          Rate over the allowance, {unit === "hours" ? "an hour" : "a request"} ({currency})
        </Label>
        <Input id={at("rate")} className="h-11 sm:h-9" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={at("fee")}>Monthly fee ({currency}, empty: none)</Label>
        <Input id={at("fee")} className="h-11 sm:h-9" inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save retainer
        </SubmitButton>
        {terms && (
          <Button
            type="button"
            variant="ghost"
            className="min-h-11 sm:min-h-9"
            disabled={save.isPending}
            onClick={() => save.mutate({ businessId, terms: null })}
          >
            End the retainer
          </Button>
        )}
        <Button type="button" variant="ghost" className="min-h-11 sm:min-h-9" onClick={onDone}>
          Cancel
        </Button>
        {problem && (
          <p role="alert" className="text-sm text-destructive-text">
            {problem}
          </p>
        )}
        <FormError error={save.error} />
      </div>
    </form>
  );
}
