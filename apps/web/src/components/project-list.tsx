"use client";
// Projects as cards: the current ones on the Projects page, the finished ones in the Archive.
import {
  filterProjects,
  isStaff,
  PROJECT_EVENTS,
  PROJECT_STAGES,
  type ProjectFilter,
  type ProjectStage,
  projectDisplayName,
} from "@atelier/domain";
import { Badge, Button, Card, CardDescription, CardHeader, CardTitle, Input, Skeleton } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import { FileText, Search } from "lucide-react";
import Link from "next/link";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";
import { EmptyState, PageHeader } from "./empty-state";
import { formatDate } from "./format";
import { NativeSelect } from "./native-select";
import { StageBadge } from "./stage-badge";

const eventLabel = (value: string) => PROJECT_EVENTS.find((e) => e.value === value)?.label ?? value;

// The designer filter's choices, for staff: everyone's projects, one's own, or nobody's yet.
type Assignee = "anyone" | "me" | "nobody";

function ProjectFilters({
  query,
  stage,
  assignee,
  staff,
  onQuery,
  onStage,
  onAssignee,
}: {
  query: string;
  stage: ProjectStage | "all";
  assignee: Assignee;
  staff: boolean;
  onQuery: (query: string) => void;
  onStage: (stage: ProjectStage | "all") => void;
  onAssignee: (assignee: Assignee) => void;
}) {
  return (
    <search className="mb-4 flex flex-wrap items-center gap-2">
      <div className="relative min-w-56 flex-1">
        <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search projects"
          placeholder={staff ? "Search by name, business or designer" : "Search by name"}
          className="pl-8"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
      </div>
      <NativeSelect aria-label="Stage" className="w-48" value={stage} onChange={(e) => onStage(e.target.value as ProjectStage | "all")}>
        <option value="all">All stages</option>
        {Object.entries(PROJECT_STAGES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
      {staff && (
        <NativeSelect aria-label="Designer" className="w-44" value={assignee} onChange={(e) => onAssignee(e.target.value as Assignee)}>
          <option value="anyone">Any designer</option>
          <option value="me">Assigned to me</option>
          <option value="nobody">Unassigned</option>
        </NativeSelect>
      )}
    </search>
  );
}

export function ProjectList({ archived }: { archived: boolean }) {
  const trpc = useTRPC();
  const { data: session } = useSession();
  const projects = useQuery(trpc.projects.list.queryOptions({ archived }));
  const staff = session ? isStaff(session.user.role) : false;
  const unlinked = session && !staff && !session.user.businessId;
  const [query, setQuery] = useState("");
  const [stage, setStage] = useState<ProjectStage | "all">("all");
  const [assignee, setAssignee] = useState<Assignee>("anyone");
  const filter: ProjectFilter = { query, stage };
  if (assignee !== "anyone") filter.assigneeId = assignee === "me" ? (session?.user.id ?? "") : null;
  const shown = projects.data ? filterProjects(projects.data, filter) : [];
  const filtered = query.trim() !== "" || stage !== "all" || assignee !== "anyone";
  const clearFilters = () => {
    setQuery("");
    setStage("all");
    setAssignee("anyone");
  };

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
          <EmptyState
            title="Almost there"
            description="Your account is not linked to a business yet. Ask the studio to add you to yours."
          />
        ) : archived ? (
          <EmptyState title="Nothing archived yet" description="Projects the studio archives will be kept here." />
        ) : (
          <EmptyState
            title="No projects yet"
            description="Start one with a title; the brief and files follow."
            action={{ href: "/projects/create", label: "Create Project" }}
          />
        ))}
      {projects.data && projects.data.length > 0 && (
        <>
          <ProjectFilters
            query={query}
            stage={stage}
            assignee={assignee}
            staff={staff}
            onQuery={setQuery}
            onStage={setStage}
            onAssignee={setAssignee}
          />
          {filtered && (
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite" data-testid="project-count">
              {shown.length} of {projects.data.length} project{projects.data.length === 1 ? "" : "s"}
            </p>
          )}
        </>
      )}
      {projects.data && projects.data.length > 0 && shown.length === 0 && (
        <EmptyState title="No project matches" description="Try other words, another stage or another designer.">
          <Button size="sm" variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        </EmptyState>
      )}
      {shown.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={archived ? "Archived projects" : "Projects"}>
          {shown.map((p) => (
            <li key={p.id}>
              <Link href={`/projects/${p.id}`} className="block rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
                <Card className="h-full transition-colors hover:bg-accent/50">
                  <CardHeader>
                    <div className="flex items-start justify-between gap-2">
                      <CardTitle className="text-base">{projectDisplayName(p.name)}</CardTitle>
                      <Badge variant="secondary">{eventLabel(p.event)}</Badge>
                    </div>
                    <CardDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <StageBadge stage={p.stage} />
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
