"use client";
// Create Business: a new client of the studio.
import { Card, CardContent, CardFooter, Input, Label, toast } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { PageHeader } from "~/components/empty-state";
import { FormError, SubmitButton } from "~/components/form-parts";
import { useTRPC } from "~/trpc/react";

export default function CreateBusinessPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("");
  const create = useMutation(
    trpc.businesses.create.mutationOptions({
      onSuccess: (b) => {
        toast({ title: `${b.name} added: add its details, people and brand` });
        router.push(`/businesses/${b.id}`);
      },
    }),
  );
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name });
  }
  return (
    <>
      <PageHeader title="Create Business" />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit}>
          <CardContent className="grid gap-2 pt-6">
            <Label htmlFor="business-name">Name</Label>
            <Input id="business-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            <FormError error={create.error} />
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
