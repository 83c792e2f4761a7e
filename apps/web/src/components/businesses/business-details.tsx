"use client";
// A business's name, logo, currency and billing contacts; the studio edits them here, and only an admin
// the currency and billing contacts (they decide where invoices and money go), so a designer sees those read-only.
import { BILLING_CONTACTS_MAX, CURRENCY_CODES } from "@atelier/domain";
import {
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  Field,
  fieldError,
  Input,
  showServerFieldErrors,
  Textarea,
  toast,
  UserAvatar,
  useLazyZodForm,
} from "@atelier/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller } from "react-hook-form";
import type { z } from "zod";
import { CountrySelect } from "~/components/common/country-select";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { AvatarPicker } from "~/components/uploads/avatar-picker";
import { useTRPC } from "~/trpc/react";
import type { detailsForm } from "./forms";
import type { BusinessPageData } from "./types";

export function BusinessDetails({ business: b }: { business: BusinessPageData }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.businesses.pathKey() });
  const setImage = useMutation(
    trpc.businesses.setImage.mutationOptions({
      onSuccess: () => {
        toast({ title: "Logo updated" });
        return refresh();
      },
      onError: toastError,
    }),
  );
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {b.canEdit ? (
            <AvatarPicker
              name={b.name}
              image={b.image}
              mode="clients"
              changeLabel={`Change ${b.name}'s logo`}
              onChange={(image) => setImage.mutate({ id: b.id, image })}
            />
          ) : (
            <UserAvatar name={b.name} src={b.image} size="lg" />
          )}
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight" title={b.name}>
              {b.name}
            </h1>
            <p className="text-sm text-muted-foreground">Invoiced in {b.currency}</p>
          </div>
        </div>
        {b.canEdit && !editing && (
          <Button variant="outline" className="min-h-11" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        )}
      </header>
      {editing && <DetailsForm business={b} onDone={() => setEditing(false)} />}
      {b.billing && !editing && (
        <p className="text-sm text-muted-foreground" data-testid="billing-contacts">
          Invoices are mailed to{" "}
          <span className="wrap-anywhere text-foreground">
            {(b.billing.contacts.length ? b.billing.contacts : b.billing.defaults).join(", ") || "nobody yet: add a client or a contact"}
          </span>
          {b.billing.contacts.length === 0 && b.billing.defaults.length > 0 && " (its client users)"}.
        </p>
      )}
    </>
  );
}

const loadDetailsForm = () => import("./forms").then((m) => m.detailsForm);

const NO_LEGAL = { legalName: "", address: "", postcode: "", city: "", country: "", vatId: "", buyerReference: "" };

function DetailsForm({ business: b, onDone }: { business: BusinessPageData; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useLazyZodForm(loadDetailsForm, {
    defaultValues: {
      name: b.name,
      currency: b.currency as (typeof CURRENCY_CODES)[number],
      billingEmails: (b.billing?.contacts ?? []).join("\n"),
      legal: b.billing?.legal ?? NO_LEGAL,
    },
  });
  const update = useMutation(
    trpc.businesses.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Details saved" });
        await queryClient.invalidateQueries({ queryKey: trpc.businesses.pathKey() });
        onDone();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  // A designer's save sends the name alone: the server refuses billing fields from anyone but an admin.
  const submit = (values: z.output<typeof detailsForm>) =>
    update.mutate(b.canEditBilling ? { id: b.id, ...values } : { id: b.id, name: values.name });
  return (
    <Card>
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={fieldError(form, "name")}>
            {(control) => <Input {...control} {...form.register("name")} />}
          </Field>
          {b.canEditBilling ? (
            <>
              <Field label="Currency of its invoices" error={fieldError(form, "currency")}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="currency"
                    render={({ field }) => (
                      <NativeSelect {...control} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                        {CURRENCY_CODES.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  />
                )}
              </Field>
              <Field
                className="sm:col-span-2"
                label={`Billing contacts (one address a line, up to ${BILLING_CONTACTS_MAX})`}
                hint="Left empty, invoices go to the business's client users."
                error={fieldError(form, "billingEmails")}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    placeholder={b.billing?.defaults.join("\n") || "books@example.com"}
                    {...form.register("billingEmails")}
                  />
                )}
              </Field>
              <h3 className="text-sm font-semibold sm:col-span-2">As the buyer on its invoices</h3>
              <Field label="Legal name" hint={`Left empty: ${b.name}.`} error={fieldError(form, "legal.legalName")}>
                {(control) => <Input {...control} {...form.register("legal.legalName")} />}
              </Field>
              <Field label="VAT ID" hint="If it has one: with its country's letters." error={fieldError(form, "legal.vatId")}>
                {(control) => <Input {...control} autoComplete="off" {...form.register("legal.vatId")} />}
              </Field>
              <Field label="Address" className="sm:col-span-2" error={fieldError(form, "legal.address")}>
                {(control) => <Textarea {...control} rows={2} {...form.register("legal.address")} />}
              </Field>
              <Field label="Postcode" error={fieldError(form, "legal.postcode")}>
                {(control) => <Input {...control} {...form.register("legal.postcode")} />}
              </Field>
              <Field label="City" error={fieldError(form, "legal.city")}>
                {(control) => <Input {...control} {...form.register("legal.city")} />}
              </Field>
              <Field label="Country" error={fieldError(form, "legal.country")}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="legal.country"
                    render={({ field }) => (
                      <CountrySelect {...control} value={field.value} onChange={(e) => field.onChange(e.target.value)} />
                    )}
                  />
                )}
              </Field>
              <Field
                label="Buyer reference"
                hint="What its accounts payable asks invoices to quote (a purchase order, a Leitweg-ID)."
                error={fieldError(form, "legal.buyerReference")}
              >
                {(control) => <Input {...control} {...form.register("legal.buyerReference")} />}
              </Field>
            </>
          ) : (
            <p className="text-sm text-muted-foreground sm:col-span-2" data-testid="billing-admin-only">
              Its currency and billing contacts are set by an admin.
            </p>
          )}
          <div className="sm:col-span-2">
            <FormError error={update.error} fieldsShown />
          </div>
        </CardContent>
        <CardFooter className="justify-end gap-2">
          <Button type="button" variant="outline" className="min-h-11" onClick={onDone}>
            Cancel
          </Button>
          <SubmitButton pending={update.isPending} pendingLabel="Saving…">
            Save
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
