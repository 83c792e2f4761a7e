"use client";
// Projects as cards: the current ones on the Projects page, the finished ones in the Archive.
import { isStaff, PROJECT_EVENTS, projectDisplayName } from "@atelier/domain";
import { Badge, Card, CardDescription, CardHeader, CardTitle, Skeleton } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useSession } from "next-auth/react";
import Link from "next/link";
import { useTRPC } from "~/trpc/react";
import { EmptyState, PageHeader } from "./empty-state";
import { formatDate } from "./format";
import { StageBadge } from "./stage-badge";

const eventLabel = (value: string) => PROJECT_EVENTS.find((e) => e.value === value)?.label ?? value;

export function ProjectList({ archived }: { archived: boolean }) {
  const trpc = useTRPC();
  const { data: session } = useSession();
  const projects = useQuery(trpc.projects.list.queryOptions({ archived }));
  const staff = session ? isStaff(session.user.role) : false;
  const unlinked = session && !staff && !session.user.businessId;

  return (
    <>
      <PageHeader
        title={archived ? "Archive" : "Projects"}
        description={archived ? "Finished projects, kept with their files." : "Design requests in progress."}
        action={!archived && !unlinked ? { href: "/projects/create", label: "Create Project" } : undefined}
      />
      {projects.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      )}
      {projects.error && <EmptyState title="Projects could not be loaded" description={projects.error.message} />}
      {projects.data?.length === 0 &&
        (unlinked ? (
          <EmptyState title="Almost there" description="Your account is not linked to a business yet. Ask the studio to add you to yours." />
        ) : archived ? (
          <EmptyState title="Nothing archived yet" description="Projects the studio archives will be kept here." />
        ) : (
          <EmptyState title="No projects yet" description="Start one with a title; the brief and files follow." action={{ href: "/projects/create", label: "Create Project" }} />
        ))}
      {projects.data && projects.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={archived ? "Archived projects" : "Projects"}>
          {projects.data.map((p) => (
            <li key={p.id}>
              <Link href={`/projects/${p.id}`} className="block rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
                <Card className="h-full transition-colors hover:bg-accent/50">
                  <CardHeader>
                    <div className="flex items-start justify-between gap-2">
                      <CardTitle className="text-base">{projectDisplayName(p.name)}</CardTitle>
                      <Badge variant="secondary">{eventLabel(p.event)}</Badge>
                    </div>
                    <CardDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <StageBadge lastEvent={p.lastEvent} />
                      {staff && <span>{p.businessName}</span>}
                      <span>{formatDate(p.createdAt)}</span>
                      <span className="inline-flex items-center gap-1">
                        <FileText className="size-3.5" aria-hidden />
                        {p.fileCount} file{p.fileCount === 1 ? "" : "s"}
                      </span>
                    </CardDescription>
                  </CardHeader>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
