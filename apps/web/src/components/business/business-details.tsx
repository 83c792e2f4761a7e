"use client";
// A business's name, logo, currency and billing contacts; the studio edits them here.
import { BILLING_CONTACTS_MAX, CURRENCY_CODES } from "@atelier/domain";
import { Button, Card, CardContent, CardFooter, CardHeader, CardTitle, Input, Label, Textarea, toast, UserAvatar } from "@atelier/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTRPC } from "~/trpc/react";
import { AvatarPicker } from "../avatar-picker";
import { FormError, SubmitButton } from "../form-parts";
import { NativeSelect } from "../native-select";
import { toastError } from "../toast-error";
import type { BusinessPageData } from "./types";

/** One address a line (commas and spaces also separate them). */
function parseEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

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

function DetailsForm({ business: b, onDone }: { business: BusinessPageData; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(b.name);
  const [currency, setCurrency] = useState(b.currency);
  const [emails, setEmails] = useState((b.billing?.contacts ?? []).join("\n"));
  const update = useMutation(
    trpc.businesses.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Details saved" });
        await queryClient.invalidateQueries({ queryKey: trpc.businesses.pathKey() });
        onDone();
      },
    }),
  );
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: b.id, name, currency: currency as (typeof CURRENCY_CODES)[number], billingEmails: parseEmails(emails) });
  }
  return (
    <Card>
      <form onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="business-name">Name</Label>
            <Input id="business-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="business-currency">Currency of its invoices</Label>
            <NativeSelect id="business-currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {CURRENCY_CODES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor="business-billing">Billing contacts (one address a line, up to {BILLING_CONTACTS_MAX})</Label>
            <Textarea
              id="business-billing"
              rows={3}
              value={emails}
              placeholder={b.billing?.defaults.join("\n") || "books@example.com"}
              onChange={(e) => setEmails(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">Left empty, invoices go to the business's client users.</p>
          </div>
          <div className="sm:col-span-2">
            <FormError error={update.error} />
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
