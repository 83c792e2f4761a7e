"use client";
// New invoice: a business, optionally its project, and the lines of work; saved as a draft in the business's currency.
import { DEFAULT_CURRENCY } from "@atelier/domain";
import {
  Card,
  CardContent,
  CardFooter,
  Field,
  fieldError,
  Input,
  showServerFieldErrors,
  Textarea,
  toast,
  useLazyZodForm,
} from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { PageHeader } from "~/components/common/empty-state";
import { BusinessOptions, FormError, SubmitButton } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";
import { useRequestId } from "~/components/common/use-request-id";
import { emptyLine, InvoiceLinesEditor, toApiLines } from "~/components/invoices/invoice-lines-editor";
import { useTRPC } from "~/trpc/react";

export default function CreateInvoicePage() {
  const trpc = useTRPC();
  const router = useRouter();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  // The chosen business, kept here too: its currency (minor digits) is what the prices are read in.
  const [businessId, setBusinessId] = useState("");
  const currency = businesses.data?.find((b) => b.id === businessId)?.currency ?? DEFAULT_CURRENCY;
  const loadForm = () => import("~/components/invoices/forms").then((m) => m.invoiceForm(currency));
  const form = useLazyZodForm(loadForm, { defaultValues: { businessId: "", projectId: "", dueAt: "", notes: "", lines: [emptyLine()] } });
  // The chosen business's newest projects, one page of them.
  const projects = useQuery({ ...trpc.projects.list.queryOptions({ archived: false, businessId }), enabled: businessId !== "" });
  const requestId = useRequestId();
  const create = useMutation(
    trpc.invoices.create.mutationOptions({
      onSuccess: ({ id, number }) => {
        requestId.done();
        toast({ title: `${number} saved as a draft` });
        router.push(`/invoices/${id}`);
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const businessProjects = businessId ? (projects.data?.items ?? []) : [];

  const onSubmit = form.handleSubmit(({ businessId, projectId, dueAt, notes, lines }) =>
    create.mutate({
      businessId,
      ...(projectId ? { projectId } : {}),
      ...(dueAt ? { dueAt } : {}),
      ...(notes ? { notes } : {}),
      lines: toApiLines(lines),
      requestId: requestId.current(),
    }),
  );

  return (
    <>
      <PageHeader title="New invoice" description="It is saved as a draft: review it on its page, then send it." />
      <Card className="max-w-4xl">
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Business" error={fieldError(form, "businessId")}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="businessId"
                    render={({ field }) => (
                      <NativeSelect
                        {...control}
                        value={field.value}
                        onChange={(e) => {
                          field.onChange(e.target.value);
                          setBusinessId(e.target.value);
                          form.clearErrors("businessId");
                          form.setValue("projectId", "");
                          // Lines from another business's projects no longer apply.
                          form.getValues("lines").forEach((line, i) => {
                            if (line.projectId) form.setValue(`lines.${i}.projectId`, null);
                          });
                        }}
                      >
                        <option value="" disabled>
                          Choose…
                        </option>
                        <BusinessOptions businesses={businesses.data} />
                      </NativeSelect>
                    )}
                  />
                )}
              </Field>
              <Field label="Project" error={fieldError(form, "projectId")}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="projectId"
                    render={({ field }) => (
                      <NativeSelect
                        {...control}
                        value={field.value}
                        onChange={(e) => field.onChange(e.target.value)}
                        disabled={!businessId}
                      >
                        <option value="">None</option>
                        {businessProjects.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.title}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  />
                )}
              </Field>
              <Field label="Due" error={fieldError(form, "dueAt")}>
                {(control) => <Input {...control} type="date" {...form.register("dueAt")} />}
              </Field>
            </div>
            <InvoiceLinesEditor form={form} currency={currency} projects={businessProjects} />
            <Field label="Notes" error={fieldError(form, "notes")}>
              {(control) => (
                <Textarea
                  {...control}
                  placeholder="Printed on the invoice; payment terms and bank details come from Billing."
                  {...form.register("notes")}
                />
              )}
            </Field>
            <FormError error={create.error} fieldsShown />
          </CardContent>
          <CardFooter className="justify-end">
            {/* Still "Saving…" after success, while the page moves to the invoice. */}
            <SubmitButton pending={create.isPending || create.isSuccess} pendingLabel="Saving…">
              Save draft
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
