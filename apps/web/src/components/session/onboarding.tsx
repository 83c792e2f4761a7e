"use client";
// First sign-in: ask for the name people will know you by (and recommend an avatar).
import type { SessionUser } from "@atelier/domain";
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
  showServerFieldErrors,
  useLazyZodForm,
} from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormError } from "~/components/common/form-parts";
import { AvatarPicker } from "~/components/uploads/avatar-picker";
import { useTRPC } from "~/trpc/react";

const loadOnboardingForm = () => import("./forms").then((m) => m.onboardingForm);

export function Onboarding({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const form = useLazyZodForm(loadOnboardingForm, { defaultValues: { name: "" } });
  const name = form.watch("name");
  const [image, setImage] = useState(user.image);
  const update = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: () => window.location.reload(),
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit((values) =>
    update.mutate({ id: user.id, name: values.name, ...(image !== user.image ? { avatar: image } : {}) }),
  );

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <form onSubmit={onSubmit} noValidate>
          <CardHeader>
            <CardTitle>Welcome to Atelier</CardTitle>
            <CardDescription>
              Tell the studio who you are. Adding an avatar is recommended: it is often the only identifier people see next to your comments
              and files.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <div className="grid gap-2">
              <AvatarPicker name={name || user.email} image={image} onChange={setImage} />
              <p className="text-sm text-muted-foreground">{user.email}</p>
            </div>
            <div className="grid gap-2">
              <Field label="Your name" error={fieldError(form, "name")}>
                {(control) => <Input {...control} autoComplete="name" autoFocus {...form.register("name")} />}
              </Field>
              <FormError error={update.error} fieldsShown />
            </div>
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" disabled={update.isPending || update.isSuccess}>
              {update.isPending || update.isSuccess ? "Saving Profile" : "Continue"}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </main>
  );
}
