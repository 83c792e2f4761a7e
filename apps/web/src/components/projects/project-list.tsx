"use client";
// Projects as cards: the current ones on the Projects page, the finished ones in the Archive. The server filters,
// orders and pages them; the filter lives in the address, and the next page loads at the end of the list.
import type { RouterOutputs } from "@atelier/api";
import {
  isProjectFilterNarrowing,
  isStaff,
  PROJECT_EVENTS,
  type ProjectFilter,
  projectFilterFromParams,
  projectFilterToParams,
} from "@atelier/domain";
import { Badge, Button, Card, CardDescription, CardHeader, CardTitle, Skeleton } from "@atelier/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useSession } from "next-auth/react";
import { Suspense, useCallback } from "react";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { nextListPage } from "~/components/common/list-pages";
import { LoadMore } from "~/components/common/load-more";
import { LocalDate } from "~/components/common/local-time";
import { useTRPC } from "~/trpc/react";
import { DueDate } from "./due-date-badge";
import { ProjectFilters } from "./project-filters";
import { StageBadge } from "./stage-badge";

const eventLabel = (value: string) => PROJECT_EVENTS.find((e) => e.value === value)?.label ?? value;

export function ProjectList({ archived }: { archived: boolean }) {
  // The address is read on the client only (useSearchParams), so the list waits for it in a boundary.
  return (
    <Suspense fallback={<ListSkeleton />}>
      <ProjectPages archived={archived} />
    </Suspense>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-28" />
      ))}
    </div>
  );
}

function ProjectPages({ archived }: { archived: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { data: session } = useSession();
  const staff = session ? isStaff(session.user.role) : false;
  const unlinked = session && !staff && !session.user.businessId;
  const filter = projectFilterFromParams(new URLSearchParams(params.toString()));
  const setFilter = useCallback(
    (next: ProjectFilter) => {
      const query = projectFilterToParams(next).toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  const projects = useInfiniteQuery(
    trpc.projects.list.infiniteQueryOptions({ archived, ...filter }, { getNextPageParam: nextListPage, enabled: !unlinked }),
  );
  const businesses = useQuery({ ...trpc.businesses.list.queryOptions(), enabled: staff });
  const shown = projects.data?.pages.flatMap((page) => page.items) ?? [];
  const narrowed = isProjectFilterNarrowing(filter);
  const loaded = projects.data !== undefined;

  return (
    <>
      <PageHeader
        title={archived ? "Archive" : "Projects"}
        description={archived ? "Finished projects, kept with their files." : "Design requests in progress."}
        action={!archived && !unlinked ? { href: "/projects/create", label: "Create Project" } : undefined}
      />
      {unlinked ? (
        <EmptyState title="Almost there" description="Your account is not linked to a business yet. Ask the studio to add you to yours." />
      ) : (
        <>
          {(narrowed || filter.sort || shown.length > 0) && (
            <ProjectFilters filter={filter} onChange={setFilter} staff={staff} me={session?.user.id} businesses={businesses.data} />
          )}
          {projects.isPending && <ListSkeleton />}
          {projects.error && <EmptyState title="Projects could not be loaded" description={projects.error.message} />}
          {loaded &&
            shown.length === 0 &&
            !narrowed &&
            (archived ? (
              <EmptyState title="Nothing archived yet" description="Projects the studio archives will be kept here." />
            ) : (
              <EmptyState
                title="No projects yet"
                description="Start one with a title; the brief and files follow."
                action={{ href: "/projects/create", label: "Create Project" }}
              />
            ))}
          {loaded && shown.length === 0 && narrowed && (
            <EmptyState
              title="No project matches"
              description="Try other words, another stage or another designer, or show every due date."
            >
              <Button
                size="sm"
                variant="outline"
                className="h-11 sm:h-9"
                onClick={() => setFilter(filter.sort ? { sort: filter.sort } : {})}
              >
                Clear filters
              </Button>
            </EmptyState>
          )}
          {shown.length > 0 && (
            <>
              {/* Only what the server answered: all of them on the last page, otherwise how many are loaded so far. */}
              <p className="mb-3 text-sm text-muted-foreground" aria-live="polite" data-testid="project-count">
                {projects.hasNextPage
                  ? `${shown.length} shown, more below`
                  : `${shown.length} project${shown.length === 1 ? "" : "s"}${narrowed ? " match" : ""}`}
              </p>
              <ProjectCards projects={shown} staff={staff} archived={archived} />
              <LoadMore
                hasMore={projects.hasNextPage}
                loading={projects.isFetchingNextPage}
                onLoad={() => void projects.fetchNextPage()}
                label="More projects"
              />
            </>
          )}
        </>
      )}
    </>
  );
}

type ProjectCard = RouterOutputs["projects"]["list"]["items"][number];

function ProjectCards({ projects, staff, archived }: { projects: ProjectCard[]; staff: boolean; archived: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={archived ? "Archived projects" : "Projects"}>
      {projects.map((p) => (
        <li key={p.id}>
          <Link href={`/projects/${p.id}`} className="block rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
            <Card className="h-full transition-colors hover:bg-accent/50">
              <CardHeader>
                <div className="flex items-start justify-between gap-2">
                  <CardTitle className="min-w-0 wrap-anywhere text-base" title={p.title}>
                    {p.title}
                  </CardTitle>
                  <Badge variant="secondary">{eventLabel(p.event)}</Badge>
                </div>
                <CardDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <StageBadge stage={p.stage} />
                  {staff && (
                    <span className="min-w-0 truncate" title={p.businessName}>
                      {p.businessName}
                    </span>
                  )}
                  <span>
                    <LocalDate at={p.createdAt} />
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <FileText className="size-3.5" aria-hidden />
                    {p.fileCount ?? 0} file{p.fileCount === 1 ? "" : "s"}
                  </span>
                  <DueDate dueOn={p.dueOn} overdue={p.overdue} />
                </CardDescription>
              </CardHeader>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}
