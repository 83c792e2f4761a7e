"use client";
// Workload: who in the studio has which active projects, and what nobody has picked up yet.
import { projectDisplayName, ROLE_LABELS } from "@atelier/domain";
import { Badge, Card, CardContent, CardHeader, CardTitle, Skeleton, UserAvatar } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { useTRPC } from "~/trpc/react";

type Item = { id: string; name: string; businessName: string };

function ProjectLinks({ projects }: { projects: Item[] }) {
  if (projects.length === 0) return <p className="text-sm text-muted-foreground">Nothing assigned.</p>;
  return (
    <ul className="grid gap-1 text-sm">
      {projects.map((p) => (
        <li key={p.id}>
          <Link href={`/projects/${p.id}`} className="hover:underline">
            {projectDisplayName(p.name)}
          </Link>{" "}
          <span className="text-muted-foreground">· {p.businessName}</span>
        </li>
      ))}
    </ul>
  );
}

export default function WorkloadPage() {
  const trpc = useTRPC();
  const load = useQuery(trpc.projects.workload.queryOptions());
  return (
    <>
      <PageHeader title="Workload" description="Active projects by person; assign them from each project's page." />
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
              <ProjectLinks projects={load.data.unassigned} />
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
                <ProjectLinks projects={person.projects} />
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
