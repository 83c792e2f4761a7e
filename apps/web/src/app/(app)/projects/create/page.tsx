"use client";
// Create Project: a title and the kind of work; staff also choose the business it is for.
import { isStaff, PROJECT_EVENTS, type ProjectEvent } from "@atelier/domain";
import { Card, CardContent, CardFooter, Input, Label } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { DueDateInput } from "~/components/due-date";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { BusinessOptions, FormError, SubmitButton } from "~/components/form-parts";
import { NativeSelect } from "~/components/native-select";
import { useTRPC } from "~/trpc/react";

export default function CreateProjectPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const { data: session } = useSession();
  const staff = session ? isStaff(session.user.role) : false;
  const businesses = useQuery({ ...trpc.businesses.list.queryOptions(), enabled: staff });
  const [title, setTitle] = useState("");
  const [event, setEvent] = useState<ProjectEvent>("flyer");
  const [businessId, setBusinessId] = useState("");
  const [dueOn, setDueOn] = useState("");
  const create = useMutation(trpc.projects.create.mutationOptions({ onSuccess: ({ id }) => router.push(`/projects/${id}`) }));

  if (session && !staff && !session.user.businessId) {
    return (
      <EmptyState title="Almost there" description="Your account is not linked to a business yet. Ask the studio to add you to yours." />
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ title, event, ...(staff ? { businessId } : {}), ...(staff && dueOn ? { dueOn } : {}) });
  }

  return (
    <>
      <PageHeader title="Create Project" description="Name the request; briefing files and materials come next." />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit}>
          <CardContent className="grid gap-4 pt-6">
            <div className="grid gap-2">
              <Label htmlFor="title">Title</Label>
              <Input
                id="title"
                required
                maxLength={120}
                placeholder="Summer party flyer"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                autoFocus
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="event">Kind of work</Label>
              <NativeSelect id="event" value={event} onChange={(e) => setEvent(e.target.value as ProjectEvent)}>
                {PROJECT_EVENTS.map((e) => (
                  <option key={e.value} value={e.value}>
                    {e.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {staff && (
              <div className="grid gap-2">
                <Label htmlFor="business">Business</Label>
                <NativeSelect id="business" required value={businessId} onChange={(e) => setBusinessId(e.target.value)}>
                  <option value="" disabled>
                    {businesses.isPending ? "Loading…" : "Choose a business"}
                  </option>
                  <BusinessOptions businesses={businesses.data} />
                </NativeSelect>
              </div>
            )}
            {staff && (
              <div className="grid gap-2">
                <Label htmlFor="due-on">Due date (optional)</Label>
                <DueDateInput id="due-on" value={dueOn} onChange={setDueOn} />
              </div>
            )}
            <FormError error={create.error} />
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
