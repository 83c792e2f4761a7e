"use client";
// Create Project: a title and the kind of work; staff also choose the business it is for, and may set a due date.
import { isStaff, PROJECT_EVENTS } from "@atelier/domain";
import { Card, CardContent, CardFooter, Field, fieldError, Input, showServerFieldErrors, useLazyZodForm } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { Controller } from "react-hook-form";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { BusinessOptions, FormError, SubmitButton } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";
import { useRequestId } from "~/components/common/use-request-id";
import { DueDateInput } from "~/components/projects/due-date";
import { useTRPC } from "~/trpc/react";

const loadProjectForm = () => import("~/components/projects/forms").then((m) => m.projectForm);

export default function CreateProjectPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const { data: session } = useSession();
  const staff = session ? isStaff(session.user.role) : false;
  const businesses = useQuery({ ...trpc.businesses.list.queryOptions(), enabled: staff });
  const form = useLazyZodForm(loadProjectForm, { defaultValues: { title: "", event: "flyer", businessId: "", dueOn: "" } });
  const requestId = useRequestId();
  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: ({ id }) => {
        requestId.done();
        router.push(`/projects/${id}`);
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );

  if (session && !staff && !session.user.businessId) {
    return (
      <EmptyState title="Almost there" description="Your account is not linked to a business yet. Ask the studio to add you to yours." />
    );
  }

  const onSubmit = form.handleSubmit(({ title, event, businessId, dueOn }) => {
    // Whom the project is for is the studio's choice only, so only its form asks.
    if (staff && !businessId) return form.setError("businessId", { message: "Choose a business." }, { shouldFocus: true });
    create.mutate({
      title,
      event,
      ...(staff ? { businessId } : {}),
      ...(staff && dueOn ? { dueOn } : {}),
      requestId: requestId.current(),
    });
  });

  return (
    <>
      <PageHeader title="Create Project" description="Name the request; briefing files and materials come next." />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="grid gap-4 pt-6">
            <Field label="Title" error={fieldError(form, "title")}>
              {(control) => <Input {...control} placeholder="Summer party flyer" autoFocus {...form.register("title")} />}
            </Field>
            <Field label="Kind of work" error={fieldError(form, "event")}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="event"
                  render={({ field }) => (
                    <NativeSelect {...control} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                      {PROJECT_EVENTS.map((e) => (
                        <option key={e.value} value={e.value}>
                          {e.label}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                />
              )}
            </Field>
            {staff && (
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
                          form.clearErrors("businessId");
                        }}
                      >
                        <option value="" disabled>
                          {businesses.isPending ? "Loading…" : "Choose a business"}
                        </option>
                        <BusinessOptions businesses={businesses.data} />
                      </NativeSelect>
                    )}
                  />
                )}
              </Field>
            )}
            {staff && (
              <Field label="Due date (optional)" error={fieldError(form, "dueOn")}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="dueOn"
                    render={({ field }) => <DueDateInput {...control} value={field.value} onChange={field.onChange} />}
                  />
                )}
              </Field>
            )}
            <FormError error={create.error} fieldsShown />
          </CardContent>
          <CardFooter className="justify-end">
            {/* Still "Creating…" after success, while the page moves to the new project. */}
            <SubmitButton pending={create.isPending || create.isSuccess} pendingLabel="Creating…">
              Create Project
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
