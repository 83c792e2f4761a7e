"use client";
// The studio's billing details an admin keeps on Billing: printed on every invoice, with the reminder
// schedule for overdue invoices and the currency each business is billed in.
import type { RouterOutputs } from "@atelier/api";
import {
  CURRENCY_CODES,
  type Currency,
  formatIban,
  LOGO_MAX_BYTES,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  LOGO_TYPES,
  studioLegalGaps,
} from "@atelier/domain";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Field,
  fieldError,
  Input,
  Label,
  Skeleton,
  showServerFieldErrors,
  Textarea,
  toast,
  useLazyZodForm,
} from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { CountrySelect } from "~/components/common/country-select";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

type BillingProfile = RouterOutputs["invoices"]["billingProfile"];

export function BillingDetailsForm() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.invoices.billingProfile.queryOptions());
  if (!profile.data) return <Skeleton className="h-96 max-w-3xl" />;
  return <BillingDetailsFields saved={profile.data} />;
}

const loadBillingForm = () => import("./forms").then((m) => m.billingForm);

// Filled from what is saved once it has loaded, so nothing typed is overwritten by a late answer.
function BillingDetailsFields({ saved }: { saved: BillingProfile }) {
  const trpc = useTRPC();
  const { logo: savedLogo, reminderDays, ...text } = saved;
  const form = useLazyZodForm(loadBillingForm, {
    // The IBAN as printed, by groups of four; it is kept compact.
    defaultValues: {
      ...text,
      iban: formatIban(text.iban),
      reminderDays: reminderDays === null ? "" : String(reminderDays),
    },
  });
  const [logo, setLogo] = useState<string | null>(savedLogo);
  const [gaps, setGaps] = useState(() => studioLegalGaps(saved));
  const [logoError, setLogoError] = useState<string | null>(null);
  const save = useMutation(
    trpc.invoices.saveBillingProfile.mutationOptions({
      onSuccess: (profile) => {
        setGaps(studioLegalGaps(profile));
        toast({ title: "Billing details saved" });
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );

  function onLogo(file: File | undefined) {
    setLogoError(null);
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setLogoError(LOGO_TYPE_MESSAGE);
    if (file.size > LOGO_MAX_BYTES) return setLogoError(LOGO_SIZE_MESSAGE);
    const reader = new FileReader();
    reader.onload = () => setLogo(String(reader.result));
    reader.readAsDataURL(file);
  }

  return (
    <Card className="max-w-3xl">
      <form onSubmit={form.handleSubmit((values) => save.mutate({ ...values, logo }))} noValidate>
        <CardHeader>
          <CardTitle>Studio billing details</CardTitle>
          <CardDescription>Printed on every invoice and credit note the studio sends.</CardDescription>
          {gaps.length > 0 && (
            <p role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm" data-testid="legal-gaps">
              Invoices cannot be sent until these are saved: {gaps.join(", ")}.
            </p>
          )}
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field label="Legal name" error={fieldError(form, "legalName")}>
            {(control) => <Input {...control} {...form.register("legalName")} />}
          </Field>
          <Field label="VAT ID" hint="With its country's letters, such as BE0123456749." error={fieldError(form, "vatId")}>
            {(control) => <Input {...control} autoComplete="off" {...form.register("vatId")} />}
          </Field>
          <Field label="Address" hint="Street and number; the city apart." className="sm:col-span-2" error={fieldError(form, "address")}>
            {(control) => <Textarea {...control} rows={2} autoComplete="street-address" {...form.register("address")} />}
          </Field>
          <Field label="Postcode" error={fieldError(form, "postcode")}>
            {(control) => <Input {...control} autoComplete="postal-code" {...form.register("postcode")} />}
          </Field>
          <Field label="City" error={fieldError(form, "city")}>
            {(control) => <Input {...control} autoComplete="address-level2" {...form.register("city")} />}
          </Field>
          <Field label="Country" error={fieldError(form, "country")}>
            {(control) => (
              <Controller
                control={form.control}
                name="country"
                render={({ field }) => <CountrySelect {...control} value={field.value} onChange={(e) => field.onChange(e.target.value)} />}
              />
            )}
          </Field>
          <Field
            label="Tax ID"
            hint="A national tax or company number, if the invoice must show one."
            error={fieldError(form, "taxNumber")}
          >
            {(control) => <Input {...control} {...form.register("taxNumber")} />}
          </Field>
          <Field
            label="Invoicing e-mail"
            hint="Where clients and their accounting software reach you about invoices; on every e-invoice. Left empty: the first admin's address."
            className="sm:col-span-2"
            error={fieldError(form, "email")}
          >
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register("email")} />}
          </Field>
          <Field label="Telephone" hint="On your invoices; an XRechnung must name it." error={fieldError(form, "telephone")}>
            {(control) => <Input {...control} type="tel" autoComplete="tel" {...form.register("telephone")} />}
          </Field>
          <Field label="IBAN" error={fieldError(form, "iban")}>
            {(control) => <Input {...control} autoComplete="off" placeholder="BE71 0961 2345 6769" {...form.register("iban")} />}
          </Field>
          <Field label="BIC" error={fieldError(form, "bic")}>
            {(control) => <Input {...control} autoComplete="off" {...form.register("bic")} />}
          </Field>
          <Field
            label="Payment link"
            hint="Where clients pay online (https://…): on the invoice and in its mail."
            className="sm:col-span-2"
            error={fieldError(form, "paymentLink")}
          >
            {(control) => <Input {...control} type="url" inputMode="url" {...form.register("paymentLink")} />}
          </Field>
          <Field label="Payment terms" error={fieldError(form, "paymentTerms")}>
            {(control) => <Textarea {...control} rows={3} placeholder="Payable within 14 days." {...form.register("paymentTerms")} />}
          </Field>
          <Field label="Bank details" hint="Anything else a client needs to pay." error={fieldError(form, "bankDetails")}>
            {(control) => <Textarea {...control} rows={3} {...form.register("bankDetails")} />}
          </Field>
          <Field label="Logo (PNG or JPEG)" error={logoError ?? undefined}>
            {(control) => (
              <div className="flex items-center gap-3">
                {logo && <img src={logo} alt="Studio logo" className="h-10 max-w-32 rounded border object-contain" />}
                <Input {...control} type="file" accept="image/png,image/jpeg" onChange={(e) => onLogo(e.target.files?.[0])} />
                {logo && (
                  <Button type="button" size="sm" variant="ghost" className="max-sm:min-h-11" onClick={() => setLogo(null)}>
                    Remove
                  </Button>
                )}
              </div>
            )}
          </Field>
          <Field
            label="Remind overdue invoices after (days)"
            hint="One reminder per invoice, this many days after its due date. Empty: none."
            error={fieldError(form, "reminderDays")}
          >
            {(control) => <Input {...control} type="number" min={0} max={365} placeholder="Never" {...form.register("reminderDays")} />}
          </Field>
          <div className="sm:col-span-2">
            <FormError error={save.error} fieldsShown />
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
