"use client";
// Create Business: a new client of the studio.
import { Card, CardContent, CardFooter, Field, fieldError, Input, showServerFieldErrors, toast, useLazyZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { PageHeader } from "~/components/common/empty-state";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { useTRPC } from "~/trpc/react";

const loadForm = () => import("~/components/businesses/forms").then((m) => m.createBusinessForm);

export default function CreateBusinessPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useLazyZodForm(loadForm, { defaultValues: { name: "" } });
  const create = useMutation(
    trpc.businesses.create.mutationOptions({
      onSuccess: (b) => {
        toast({ title: `${b.name} added: add its details, people and brand` });
        router.push(`/businesses/${b.id}`);
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  return (
    <>
      <PageHeader title="Create Business" />
      <Card className="max-w-xl">
        <form onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate>
          <CardContent className="grid gap-2 pt-6">
            <Field label="Name" error={fieldError(form, "name")}>
              {(control) => <Input {...control} autoFocus {...form.register("name")} />}
            </Field>
            <FormError error={create.error} fieldsShown />
          </CardContent>
          <CardFooter className="justify-end">
            <SubmitButton pending={create.isPending} pendingLabel="Saving…">
              Create Business
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
