"use client";
// Edit Profile: the name (and, for an admin, the e-mail address) of one user, and the time zone they read times in.
import { isAdmin } from "@atelier/domain";
import {
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  Field,
  fieldError,
  Input,
  Skeleton,
  showServerFieldErrors,
  toast,
  useLazyZodForm,
} from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useParams } from "next/navigation";
import { useSession } from "next-auth/react";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { SubmitButton } from "~/components/common/form-parts";
import { toastError } from "~/components/common/toast-error";
import { AvatarPicker } from "~/components/uploads/avatar-picker";
import { TimeZoneSettings } from "~/components/users/time-zone-settings";
import { useTRPC } from "~/trpc/react";

const loadForm = () => import("~/components/users/forms").then((m) => m.profileForm);

export default function EditProfilePage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const { data: session, update: refreshSession } = useSession();
  const user = useQuery(trpc.users.byId.queryOptions({ id }));
  // Filled once the profile has loaded (and kept while the person types).
  const form = useLazyZodForm(loadForm, {
    defaultValues: { name: "", email: "" },
    values: user.data ? { name: user.data.name ?? "", email: user.data.email ?? "" } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const name = form.watch("name");

  const save = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: async () => {
        if (session?.user.id === id) await refreshSession();
        toast({ title: "Profile saved" });
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) toastError(error);
      },
    }),
  );

  if (user.isPending) return <Skeleton className="h-64 max-w-xl" />;
  if (user.error) return <EmptyState title="Profile unavailable" description={user.error.message} />;

  const admin = session ? isAdmin(session.user.role) : false;
  const onSubmit = form.handleSubmit((values) => save.mutate({ id, name: values.name, ...(admin ? { email: values.email } : {}) }));

  return (
    <>
      <PageHeader title="Edit Profile" />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit} noValidate>
          <CardHeader className="gap-4">
            <CardTitle>{user.data.name ?? user.data.email}</CardTitle>
            {/* A new avatar is saved at once: the upload already happened. */}
            <AvatarPicker name={name} image={user.data.image} onChange={(avatar) => save.mutate({ id, avatar })} />
          </CardHeader>
          <CardContent className="grid gap-4">
            <Field label="Your name" error={fieldError(form, "name")}>
              {(control) => <Input {...control} autoComplete="name" {...form.register("name")} />}
            </Field>
            <Field
              label="E-mail"
              error={fieldError(form, "email")}
              hint={admin ? undefined : "Your e-mail address is how you sign in; an admin can change it."}
            >
              {(control) => <Input {...control} type="email" disabled={!admin} {...form.register("email")} />}
            </Field>
          </CardContent>
          <CardFooter className="justify-end">
            <SubmitButton pending={save.isPending} pendingLabel="Saving…">
              Save
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
      <div className="mt-6">
        <TimeZoneSettings user={{ id, timeZone: user.data.timeZone, hourCycle: user.data.hourCycle }} />
      </div>
    </>
  );
}
