"use client";
// The studio's billing details an admin keeps on Billing: printed on every invoice, with the reminder
// schedule for overdue invoices and the currency each business is billed in.
import type { AppRouter } from "@atelier/api";
import { CURRENCY_CODES, type Currency } from "@atelier/domain";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Input,
  Label,
  Skeleton,
  Textarea,
  toast,
} from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { type FormEvent, useState } from "react";
import { useTRPC } from "~/trpc/react";
import { FormError, SubmitButton } from "./form-parts";
import { NativeSelect } from "./native-select";
import { toastError } from "./toast-error";

const LOGO_MAX_BYTES = 300_000;

type BillingProfile = inferRouterOutputs<AppRouter>["invoices"]["billingProfile"];

export function BillingDetailsForm() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.invoices.billingProfile.queryOptions());
  if (!profile.data) return <Skeleton className="h-96 max-w-3xl" />;
  return <BillingDetailsFields saved={profile.data} />;
}

// Filled from what is saved once it has loaded, so nothing typed is overwritten by a late answer.
function BillingDetailsFields({ saved }: { saved: BillingProfile }) {
  const trpc = useTRPC();
  const { logo: savedLogo, reminderDays, ...text } = saved;
  const [form, setForm] = useState({ ...text, reminderDays: reminderDays === null ? "" : String(reminderDays) });
  const [logo, setLogo] = useState<string | null>(savedLogo);
  const [logoError, setLogoError] = useState<string | null>(null);
  const save = useMutation(
    trpc.invoices.saveBillingProfile.mutationOptions({ onSuccess: () => toast({ title: "Billing details saved" }) }),
  );
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  function onLogo(file: File | undefined) {
    setLogoError(null);
    if (!file) return;
    if (!["image/png", "image/jpeg"].includes(file.type)) return setLogoError("The logo must be a PNG or JPEG image.");
    if (file.size > LOGO_MAX_BYTES) return setLogoError("The logo must be smaller than 300 KB.");
    const reader = new FileReader();
    reader.onload = () => setLogo(String(reader.result));
    reader.readAsDataURL(file);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ ...form, logo, reminderDays: form.reminderDays.trim() === "" ? null : Number(form.reminderDays) });
  }

  return (
    <Card className="max-w-3xl">
      <form onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle>Studio billing details</CardTitle>
          <CardDescription>Printed on every invoice and credit note the studio sends.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="billing-legal-name">Legal name</Label>
            <Input id="billing-legal-name" maxLength={200} value={form.legalName} onChange={set("legalName")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="billing-tax-number">Tax ID</Label>
            <Input id="billing-tax-number" maxLength={100} value={form.taxNumber} onChange={set("taxNumber")} />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="billing-address">Address</Label>
            <Textarea id="billing-address" rows={3} maxLength={1000} value={form.address} onChange={set("address")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="billing-terms">Payment terms</Label>
            <Textarea
              id="billing-terms"
              rows={3}
              maxLength={1000}
              placeholder="Payable within 14 days."
              value={form.paymentTerms}
              onChange={set("paymentTerms")}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="billing-bank">Bank details</Label>
            <Textarea
              id="billing-bank"
              rows={3}
              maxLength={1000}
              placeholder="IBAN, BIC"
              value={form.bankDetails}
              onChange={set("bankDetails")}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="billing-logo">Logo (PNG or JPEG)</Label>
            <div className="flex items-center gap-3">
              {logo && <img src={logo} alt="Studio logo" className="h-10 max-w-32 rounded border object-contain" />}
              <Input id="billing-logo" type="file" accept="image/png,image/jpeg" onChange={(e) => onLogo(e.target.files?.[0])} />
              {logo && (
                <Button type="button" size="sm" variant="ghost" onClick={() => setLogo(null)}>
                  Remove
                </Button>
              )}
            </div>
            {logoError && <p className="text-sm text-destructive">{logoError}</p>}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="billing-reminder">Remind overdue invoices after (days)</Label>
            <Input
              id="billing-reminder"
              type="number"
              min={0}
              max={365}
              placeholder="Never"
              value={form.reminderDays}
              onChange={set("reminderDays")}
            />
            <p className="text-xs text-muted-foreground">One reminder per invoice, this many days after its due date. Empty: none.</p>
          </div>
          <div className="sm:col-span-2">
            <FormError error={save.error} />
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <SubmitButton pending={save.isPending} pendingLabel="Saving…">
            Save billing details
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}

export function BusinessCurrencies() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const setCurrency = useMutation(
    trpc.invoices.setBusinessCurrency.mutationOptions({
      onSuccess: ({ currency }) => {
        toast({ title: `New invoices are in ${currency}` });
        void queryClient.invalidateQueries(trpc.businesses.pathFilter());
      },
      onError: toastError,
    }),
  );
  if (!businesses.data?.length) return null;
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Currencies</CardTitle>
        <CardDescription>Each business is billed in its currency; invoices keep the currency they were made in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {businesses.data.map((b) => (
          <div key={b.id} className="flex items-center justify-between gap-4 text-sm">
            <Label htmlFor={`currency-${b.id}`}>{b.name}</Label>
            <NativeSelect
              id={`currency-${b.id}`}
              className="w-28"
              value={b.currency}
              disabled={setCurrency.isPending}
              onChange={(e) => setCurrency.mutate({ businessId: b.id, currency: e.target.value as Currency })}
            >
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
