"use client";
// Create User: gives an e-mail address access; the person signs in with a magic link.
import { ROLE_LABELS, ROLES } from "@atelier/domain";
import { Card, CardContent, CardFooter, Field, fieldError, Input, showServerFieldErrors, toast, useLazyZodForm } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Controller } from "react-hook-form";
import { PageHeader } from "~/components/common/empty-state";
import { BusinessOptions, FormError, SubmitButton } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";
import { useRequestId } from "~/components/common/use-request-id";
import { useTRPC } from "~/trpc/react";

const loadForm = () => import("~/components/users/forms").then((m) => m.createUserForm);

export default function CreateUserPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const form = useLazyZodForm(loadForm, { defaultValues: { email: "", name: "", role: "client", businessId: "" } });
  const requestId = useRequestId();
  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: (u) => {
        requestId.done();
        toast({ title: "User created", description: `${u.email} can now sign in with a link sent to that address.` });
        router.push("/users");
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit((values) => create.mutate({ ...values, requestId: requestId.current() }));
  return (
    <>
      <PageHeader title="Create User" description="They sign in with a link sent to their e-mail address." />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="grid gap-4 pt-6">
            <Field label="E-mail" error={fieldError(form, "email")}>
              {(control) => <Input {...control} type="email" autoComplete="off" autoFocus {...form.register("email")} />}
            </Field>
            <Field label="Name (optional: they can give it themselves)" error={fieldError(form, "name")}>
              {(control) => <Input {...control} {...form.register("name")} />}
            </Field>
            <Field label="Role" error={fieldError(form, "role")}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="role"
                  render={({ field }) => (
                    <NativeSelect {...control} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                />
              )}
            </Field>
            <Field label="Business">
              {(control) => (
                <Controller
                  control={form.control}
                  name="businessId"
                  render={({ field }) => (
                    <NativeSelect {...control} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                      <option value="">None</option>
                      <BusinessOptions businesses={businesses.data} />
                    </NativeSelect>
                  )}
                />
              )}
            </Field>
            <FormError error={create.error} fieldsShown />
          </CardContent>
          <CardFooter className="justify-end">
            <SubmitButton pending={create.isPending} pendingLabel="Creating…">
              Create User
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
