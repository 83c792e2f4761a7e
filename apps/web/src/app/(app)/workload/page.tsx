"use client";
// Workload: who in the studio has which active projects, and what nobody has picked up yet.
import { projectDisplayName, ROLE_LABELS } from "@atelier/domain";
import { Badge, Card, CardContent, CardHeader, CardTitle, Skeleton, UserAvatar } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { NativeSelect } from "~/components/native-select";
import { toastError } from "~/components/toast-error";
import { useTRPC } from "~/trpc/react";

type Item = { id: string; name: string; businessName: string };
type Person = { id: string; name: string | null; email: string | null };

function ProjectLinks({ projects, empty, extra }: { projects: Item[]; empty: string; extra?: (project: Item) => ReactNode }) {
  if (projects.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {projects.map((p) => (
        <li key={p.id} className="grid gap-1">
          <span>
            <Link href={`/projects/${p.id}`} className="hover:underline">
              {projectDisplayName(p.name)}
            </Link>{" "}
            <span className="text-muted-foreground">· {p.businessName}</span>
          </span>
          {extra?.(p)}
        </li>
      ))}
    </ul>
  );
}

/** Hands an unassigned project to someone in the studio, from the workload itself. */
function AssignSelect({ project, people }: { project: Item; people: Person[] }) {
  const trpc = useTRPC();
  // The workload refreshes by itself: every successful mutation refetches the page's queries.
  const assign = useMutation(trpc.projects.assign.mutationOptions({ onError: toastError }));
  return (
    <NativeSelect
      aria-label={`Assign ${projectDisplayName(project.name)}`}
      className="h-8 w-52"
      value=""
      disabled={assign.isPending}
      onChange={(e) => e.target.value && assign.mutate({ id: project.id, assigneeId: e.target.value })}
    >
      <option value="">Assign to…</option>
      {people.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name ?? person.email ?? person.id}
        </option>
      ))}
    </NativeSelect>
  );
}

export default function WorkloadPage() {
  const trpc = useTRPC();
  const load = useQuery(trpc.projects.workload.queryOptions());
  return (
    <>
      <PageHeader
        title="Workload"
        description="Active projects by person. Hand out what nobody has yet here, or reassign from a project's page."
      />
      {load.isPending && <Skeleton className="h-40" />}
      {load.error && <EmptyState title="Workload could not be loaded" description={load.error.message} />}
      {load.data && (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Card className="border-dashed" data-testid="workload-unassigned">
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                Unassigned <Badge variant="secondary">{load.data.unassigned.length}</Badge>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ProjectLinks
                projects={load.data.unassigned}
                empty="Everything has someone."
                extra={(project) => <AssignSelect project={project} people={load.data.people} />}
              />
            </CardContent>
          </Card>
          {load.data.people.map((person) => (
            <Card key={person.id} data-testid="workload-person">
              <CardHeader className="grid-cols-[auto_1fr] items-center gap-3">
                <UserAvatar name={person.name ?? person.email} src={person.image} />
                <div>
                  <CardTitle className="flex items-center gap-2 text-base">
                    {person.name ?? person.email} <Badge variant="secondary">{person.projects.length}</Badge>
                  </CardTitle>
                  <p className="text-xs text-muted-foreground">{ROLE_LABELS[person.role]}</p>
                </div>
              </CardHeader>
              <CardContent>
                <ProjectLinks projects={person.projects} empty="Nothing assigned." />
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
