"use client";
import type { RouterOutputs } from "@atelier/api";
// Workload as a plan: per person in the studio, their active projects, the projects and proofs due this week and
// next, what is overdue and what is in a round of changes, as a chart and a table; every entry links to its
// project, and projects are handed out or moved to someone else from here.
import { DUE_WHEN_LABELS, PROJECT_STAGES, RESPONSE_DAYS, ROLE_LABELS } from "@atelier/domain";
import { Badge, Card, CardContent, CardHeader, CardTitle, Skeleton, UserAvatar } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { formatDay } from "~/components/common/format";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { OverdueBadge } from "~/components/projects/due-date-badge";
import { useTRPC } from "~/trpc/react";

// The chart library (recharts, about 110 KB) loads beside the plan's data rather than with the page: the table below
// it says the same (docs/performance.md).
const WorkloadChart = dynamic(() => import("~/components/workload/workload-chart").then((m) => m.WorkloadChart), {
  ssr: false,
  loading: () => <div className="h-64 w-full animate-pulse rounded-md bg-muted" />,
});

// Hours by person and week (docs/workload.md, "Hours"), loaded after the page.
const WorkloadHours = dynamic(() => import("~/components/workload/workload-hours"), { ssr: false });

type Plan = RouterOutputs["workload"]["plan"];
type Row = Plan["unassigned"];
type PlannedProject = Row["projects"][number];
type Person = NonNullable<Row["person"]>;

/** Hands a project to someone in the studio, or moves it to someone else. */
function AssignSelect({ project, people }: { project: PlannedProject; people: Person[] }) {
  const trpc = useTRPC();
  // The plan refreshes by itself: every successful mutation refetches the page's queries.
  const assign = useMutation(trpc.projects.assign.mutationOptions({ onError: toastError }));
  return (
    <NativeSelect
      aria-label={`Assign ${project.title}`}
      className="h-11 w-full sm:w-44"
      value={project.assigneeId && people.some((p) => p.id === project.assigneeId) ? project.assigneeId : ""}
      disabled={assign.isPending}
      onChange={(e) => assign.mutate({ id: project.id, assigneeId: e.target.value || null })}
    >
      <option value="">Nobody</option>
      {people.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name ?? person.email ?? person.id}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A project's own due date or a proof's answer-by date, with where it falls, linking to the project. */
function DueEntry({ project, due }: { project: PlannedProject; due: PlannedProject["due"][number] }) {
  const what = due.kind === "project" ? "Project due" : `Round ${due.round} proof: answer by`;
  return (
    <li>
      <Link
        href={`/projects/${project.id}`}
        className="inline-flex min-h-11 flex-wrap items-center gap-1 text-xs hover:underline sm:min-h-0"
        data-testid="workload-due"
      >
        <span>
          {what} {formatDay(due.dueOn)}
        </span>
        {due.when === "overdue" ? <OverdueBadge /> : <Badge variant="outline">{DUE_WHEN_LABELS[due.when]}</Badge>}
      </Link>
    </li>
  );
}

function ProjectRows({ row, people }: { row: Row; people: Person[] }) {
  if (row.projects.length === 0) return <p className="px-2 py-3 text-sm text-muted-foreground">Nothing here.</p>;
  return (
    <ul className="divide-y">
      {row.projects.map((p) => (
        <li key={p.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <Link href={`/projects/${p.id}`} className="block truncate font-medium hover:underline max-sm:py-2.5" title={p.title}>
              {p.title}
            </Link>
            <div className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
              <span className="truncate" title={p.businessName}>
                {p.businessName}
              </span>
              <span>· {PROJECT_STAGES[p.stage]}</span>
              {p.latestRound !== null && <span>· Round {p.latestRound}</span>}
              {p.changeRounds > 0 && (
                <span>
                  · {p.changeRounds} of {p.revisionAllowance} change round{p.revisionAllowance === 1 ? "" : "s"} used
                </span>
              )}
              {p.waitingTooLong && <Badge variant="destructive">Waiting over {RESPONSE_DAYS} days</Badge>}
              {p.inChanges && <Badge variant="secondary">In changes</Badge>}
            </div>
            {p.due.length > 0 && (
              <ul className="mt-1 flex flex-col gap-x-3 sm:flex-row sm:flex-wrap">
                {p.due.map((d) => (
                  <DueEntry key={`${d.kind}-${d.id}`} project={p} due={d} />
                ))}
              </ul>
            )}
          </div>
          <AssignSelect project={p} people={people} />
        </li>
      ))}
    </ul>
  );
}

export default function WorkloadPage() {
  const trpc = useTRPC();
  const plan = useQuery(trpc.workload.plan.queryOptions());
  const people = plan.data?.people.flatMap((r) => (r.person ? [r.person] : [])) ?? [];
  return (
    <>
      <PageHeader
        title="Workload"
        description={`Active projects by person. Overdue: a project past its due date, a proof past its answer-by date, or a brief or change request waiting on the studio for more than ${RESPONSE_DAYS} days. Weeks run Monday to Sunday, in UTC.`}
        action={{ href: "/workload/time", label: "Timesheets" }}
      />
      {plan.isPending && <Skeleton className="h-40" />}
      {plan.error && <EmptyState title="Workload could not be loaded" description={plan.error.message} />}
      {plan.data && (
        <div className="grid gap-4">
          <Card>
            <CardContent className="pt-6">
              <WorkloadChart
                data={plan.data.people.map((r) => ({
                  name: r.person?.name ?? r.person?.email ?? "",
                  active: r.active,
                  dueThisWeek: r.dueThisWeek,
                  dueNextWeek: r.dueNextWeek,
                  inChanges: r.inChanges,
                  overdue: r.overdue,
                }))}
              />
            </CardContent>
          </Card>
          <WorkloadHours />
          <div className="overflow-x-auto rounded-xl border">
            <table
              className="w-full text-sm [&_td]:px-1.5 sm:[&_td]:px-3 [&_th]:px-1.5 [&_th]:align-bottom [&_th]:text-xs [&_th]:[overflow-wrap:normal] sm:[&_th]:whitespace-nowrap sm:[&_th]:px-3 sm:[&_th]:text-sm"
              data-testid="workload-table"
            >
              <thead className="bg-muted/50 text-left text-muted-foreground">
                <tr>
                  <th className="py-2 font-medium">Person</th>
                  <th className="py-2 text-right font-medium">Active</th>
                  <th className="py-2 text-right font-medium">Due this week</th>
                  <th className="py-2 text-right font-medium">Due next week</th>
                  <th className="py-2 text-right font-medium">Overdue</th>
                  <th className="py-2 text-right font-medium">In changes</th>
                </tr>
              </thead>
              <tbody>
                {[...plan.data.people, plan.data.unassigned].map((r) => (
                  <tr key={r.person?.id ?? "unassigned"} className="border-t">
                    <td
                      className="max-w-20 truncate py-2 sm:max-w-40"
                      title={r.person ? (r.person.name ?? r.person.email ?? undefined) : undefined}
                    >
                      {r.person ? (r.person.name ?? r.person.email) : "Unassigned"}
                    </td>
                    <td className="py-2 text-right tabular-nums">{r.active}</td>
                    <td className="py-2 text-right tabular-nums">{r.dueThisWeek}</td>
                    <td className="py-2 text-right tabular-nums">{r.dueNextWeek}</td>
                    <td className={`py-2 text-right tabular-nums ${r.overdue ? "font-semibold text-destructive-text" : ""}`}>
                      {r.overdue}
                    </td>
                    <td className="py-2 text-right tabular-nums">{r.inChanges}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card className="border-dashed" data-testid="workload-unassigned">
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-base">
                  Unassigned <Badge variant="secondary">{plan.data.unassigned.active}</Badge>
                  {plan.data.unassigned.overdue > 0 && <Badge variant="destructive">{plan.data.unassigned.overdue} overdue</Badge>}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ProjectRows row={plan.data.unassigned} people={people} />
              </CardContent>
            </Card>
            {plan.data.people.map((r) =>
              r.person ? (
                <Card key={r.person.id} data-testid="workload-person">
                  <CardHeader className="grid-cols-[auto_1fr] items-center gap-3">
                    <UserAvatar name={r.person.name ?? r.person.email} src={r.person.image} />
                    <div className="min-w-0">
                      <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                        <span className="truncate" title={r.person.name ?? r.person.email ?? undefined}>
                          {r.person.name ?? r.person.email}
                        </span>
                        <Badge variant="secondary">{r.active}</Badge>
                        {r.overdue > 0 && <Badge variant="destructive">{r.overdue} overdue</Badge>}
                      </CardTitle>
                      <p className="text-xs text-muted-foreground">{ROLE_LABELS[r.person.role]}</p>
                    </div>
                  </CardHeader>
                  <CardContent>
                    <ProjectRows row={r} people={people} />
                  </CardContent>
                </Card>
              ) : null,
            )}
          </div>
        </div>
      )}
    </>
  );
}
