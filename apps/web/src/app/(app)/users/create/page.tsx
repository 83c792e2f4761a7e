"use client";
// Create User: gives an e-mail address access; the person signs in with a magic link.
import { ROLE_LABELS, ROLES, type Role } from "@atelier/domain";
import { Card, CardContent, CardFooter, Input, Label, toast } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { PageHeader } from "~/components/empty-state";
import { BusinessOptions, FormError, SubmitButton } from "~/components/form-parts";
import { NativeSelect } from "~/components/native-select";
import { useTRPC } from "~/trpc/react";

export default function CreateUserPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("client");
  const [businessId, setBusinessId] = useState("");
  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: (u) => {
        toast({ title: "User created", description: `${u.email} can now sign in with a link sent to that address.` });
        router.push("/users");
      },
    }),
  );
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ email, role, ...(name.trim() ? { name } : {}), businessId: businessId || null });
  }
  return (
    <>
      <PageHeader title="Create User" description="They sign in with a link sent to their e-mail address." />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit}>
          <CardContent className="grid gap-4 pt-6">
            <div className="grid gap-2">
              <Label htmlFor="user-email">E-mail</Label>
              <Input id="user-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="user-name">Name (optional: they can give it themselves)</Label>
              <Input id="user-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="user-role">Role</Label>
              <NativeSelect id="user-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="user-business">Business</Label>
              <NativeSelect id="user-business" value={businessId} onChange={(e) => setBusinessId(e.target.value)}>
                <option value="">None</option>
                <BusinessOptions businesses={businesses.data} />
              </NativeSelect>
            </div>
            <FormError error={create.error} />
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
