"use client";
// The way into a shared round: the guest gives their name and address (and the link's password when it has one), a
// code is mailed to them, and the right code, typed here, begins their guest session (docs/guest-review.md).
import type { RouterOutputs } from "@atelier/api";
import { GUEST_CODE_DIGITS } from "@atelier/domain";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
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
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { useTRPC } from "~/trpc/react";

type OpenLink = Extract<RouterOutputs["guest"]["link"], { open: true }>;

const loadNameForm = () => import("./forms").then((m) => m.nameForm);
const loadCodeForm = () => import("./forms").then((m) => m.codeForm);

export function GuestDoor({ token, link, onIn }: { token: string; link: OpenLink; onIn: () => void }) {
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<{ email: string; name: string; password: string } | null>(null);
  const named = useLazyZodForm(loadNameForm, { defaultValues: { name: "", email: "", password: "" } });
  const coded = useLazyZodForm(loadCodeForm, { defaultValues: { code: "" } });
  const requestCode = useMutation(
    trpc.guest.requestCode.mutationOptions({
      onError: (error) => showServerFieldErrors(named, error),
    }),
  );
  const verify = useMutation(
    trpc.guest.verify.mutationOptions({
      onSuccess: onIn,
      onError: (error) => {
        coded.reset({ code: "" });
        showServerFieldErrors(coded, error);
      },
    }),
  );
  const ask = (who: { email: string; name: string; password: string }) =>
    requestCode.mutate(
      { token, email: who.email, name: who.name, ...(who.password ? { password: who.password } : {}) },
      { onSuccess: () => setSentTo(who) },
    );
  // A locked link or one withdrawn meanwhile: no code can help, so only the message is left.
  const closed = verify.error?.data?.code === "FORBIDDEN";

  return (
    <Card>
      <CardHeader>
        <CardDescription>Round {link.round} for your review</CardDescription>
        <CardTitle className="wrap-anywhere text-xl" data-testid="guest-project-title">
          {link.projectTitle}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {sentTo === null ? (
          <form className="grid gap-3" noValidate onSubmit={named.handleSubmit(ask)}>
            <p className="text-sm text-muted-foreground">
              Say who you are: we mail you a {GUEST_CODE_DIGITS}-digit code to open the round. No account needed.
            </p>
            <Field label="Your name" error={fieldError(named, "name")}>
              {(control) => <Input {...control} autoComplete="name" maxLength={200} {...named.register("name")} />}
            </Field>
            <Field label="Your e-mail" error={fieldError(named, "email")}>
              {(control) => <Input {...control} type="email" autoComplete="email" inputMode="email" {...named.register("email")} />}
            </Field>
            {link.needsPassword && (
              <Field label="The link's password" hint="The studio gave it to you with the link." error={fieldError(named, "password")}>
                {(control) => <Input {...control} type="password" autoComplete="off" {...named.register("password")} />}
              </Field>
            )}
            <SubmitButton pending={requestCode.isPending} pendingLabel="Sending…">
              Mail me a code
            </SubmitButton>
            <FormError error={requestCode.error} fieldsShown />
          </form>
        ) : (
          <form
            className="grid gap-3"
            noValidate
            onSubmit={coded.handleSubmit(({ code }) => verify.mutate({ token, email: sentTo.email, code }))}
          >
            <p className="wrap-anywhere text-sm text-muted-foreground" data-testid="code-sent">
              We mailed a code to <strong className="text-foreground">{sentTo.email}</strong>. It works for 10 minutes.
            </p>
            <Field label={`The ${GUEST_CODE_DIGITS}-digit code`} error={fieldError(coded, "code")}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={GUEST_CODE_DIGITS}
                  disabled={closed}
                  className="font-mono text-lg tracking-[0.4em]"
                  {...coded.register("code")}
                />
              )}
            </Field>
            <SubmitButton pending={verify.isPending} pendingLabel="Checking…" disabled={closed}>
              Open the round
            </SubmitButton>
            <FormError error={verify.error} fieldsShown />
            <FormError error={requestCode.error} />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="ghost" className="h-11" disabled={requestCode.isPending || closed} onClick={() => ask(sentTo)}>
                Send a new code
              </Button>
              <Button
                type="button"
                variant="ghost"
                className="h-11"
                onClick={() => {
                  setSentTo(null);
                  verify.reset();
                  requestCode.reset();
                }}
              >
                Use another address
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
