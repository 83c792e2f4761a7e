"use client";
// Edit Profile: the name (and, for an admin, the e-mail address) of one user.
import { isAdmin } from "@atelier/domain";
import { Card, CardContent, CardFooter, CardHeader, CardTitle, Input, Label, Skeleton, toast } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useParams } from "next/navigation";
import { useSession } from "next-auth/react";
import { type FormEvent, useEffect, useState } from "react";
import { AvatarPicker } from "~/components/avatar-picker";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { SubmitButton } from "~/components/form-parts";
import { toastError } from "~/components/toast-error";
import { useTRPC } from "~/trpc/react";

export default function EditProfilePage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const { data: session, update: refreshSession } = useSession();
  const user = useQuery(trpc.users.byId.queryOptions({ id }));
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  useEffect(() => {
    if (user.data) {
      setName(user.data.name ?? "");
      setEmail(user.data.email ?? "");
    }
  }, [user.data]);

  const save = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: async () => {
        if (session?.user.id === id) await refreshSession();
        toast({ title: "Profile saved" });
      },
      onError: toastError,
    }),
  );

  if (user.isPending) return <Skeleton className="h-64 max-w-xl" />;
  if (user.error) return <EmptyState title="Profile unavailable" description={user.error.message} />;

  const admin = session ? isAdmin(session.user.role) : false;
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id, name, ...(admin ? { email } : {}) });
  }

  return (
    <>
      <PageHeader title="Edit Profile" />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit}>
          <CardHeader className="gap-4">
            <CardTitle>{user.data.name ?? user.data.email}</CardTitle>
            {/* A new avatar is saved at once: the upload already happened. */}
            <AvatarPicker name={name} image={user.data.image} onChange={(avatar) => save.mutate({ id, avatar })} />
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="name">Your name</Label>
              <Input id="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="email">E-mail</Label>
              <Input id="email" type="email" required value={email} disabled={!admin} onChange={(e) => setEmail(e.target.value)} />
              {!admin && <p className="text-xs text-muted-foreground">Your e-mail address is how you sign in; an admin can change it.</p>}
            </div>
          </CardContent>
          <CardFooter className="justify-end">
            <SubmitButton pending={save.isPending} pendingLabel="Saving…">
              Save
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
