// Workload as a plan: for each person in the studio, what they carry, what is due this week and next, what is
// overdue (past its due date, or waiting on them too long), and which projects are in a round of changes.
import type { ChainReviewer } from "./approval-chains";
import { utcDay } from "./calendar";
import { type DueWhen, dueWhen, isProjectOverdue, isProofOverdue } from "./due-dates";
import type { ProjectStage } from "./projects";
import type { ProofStatus } from "./proofs";
import { roundDueNow } from "./review-deadlines";

/** A brief or a change request unanswered this long is overdue. */
export const RESPONSE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Stages in which the next move is the studio's. */
const STUDIO_MOVES: readonly ProjectStage[] = ["new", "briefing", "modification", "reopened"];

export interface WorkloadProject {
  id: string;
  assigneeId: string | null;
  /** Where it stands, and when its thread last moved it (internal notes aside); the project's creation if never. */
  stage: ProjectStage;
  lastEventAt: Date;
  /** How many times changes were requested. */
  changeRounds: number;
  /** Its due date (YYYY-MM-DD), if it has one. */
  dueOn?: string | null;
  /**
   * Its proofs that still have a due date to meet or miss (sent, awaiting an answer); a chained one with its steps'
   * own days and its reviewers, whose current step says which day it waits on (roundDueNow).
   */
  proofs?: readonly {
    id: string;
    round: number;
    status: ProofStatus;
    dueOn: string | null;
    steps?: readonly { step: number; dueOn: string }[];
    reviewers?: readonly ChainReviewer[];
  }[];
}

/** Something with a date in the plan: the project's own due date or one of its proofs' answer-by dates. */
interface DueItem {
  kind: "project" | "proof";
  /** The proof's id, or the project's. */
  id: string;
  round: number | null;
  dueOn: string;
  when: DueWhen;
}

export interface PlannedProject<P extends WorkloadProject> {
  project: P;
  stage: ProjectStage;
  /** Late: past its own due date (isProjectOverdue), or waiting on the studio for more than RESPONSE_DAYS. */
  overdue: boolean;
  /** Past its own due date. */
  pastDue: boolean;
  /** Waiting on the studio for more than RESPONSE_DAYS. */
  waitingTooLong: boolean;
  /** A round of changes is being worked on. */
  inChanges: boolean;
  /** Its dates due by the end of next week or already missed, soonest first. */
  due: DueItem[];
}

export function planProject<P extends WorkloadProject>(project: P, now: Date): PlannedProject<P> {
  const { stage } = project;
  const today = utcDay(now);
  const waiting = STUDIO_MOVES.includes(stage);
  const waitingTooLong = waiting && now.getTime() - project.lastEventAt.getTime() > RESPONSE_DAYS * DAY_MS;
  const dueOn = project.dueOn ?? null;
  // The plan holds active projects only; an archived one is never planned.
  const pastDue = isProjectOverdue({ dueOn, stage, archived: false }, today);
  const due: DueItem[] = [];
  if (dueOn !== null && stage !== "delivered")
    due.push({ kind: "project", id: project.id, round: null, dueOn, when: pastDue ? "overdue" : dueWhen(dueOn, today) });
  for (const proof of project.proofs ?? []) {
    const dueNow = roundDueNow(proof.reviewers ?? [], { dueOn: proof.dueOn, steps: proof.steps ?? [] });
    if (proof.status !== "sent" || dueNow === null) continue;
    const when = isProofOverdue({ status: proof.status, dueOn: dueNow }, today) ? "overdue" : dueWhen(dueNow, today);
    due.push({ kind: "proof", id: proof.id, round: proof.round, dueOn: dueNow, when });
  }
  return {
    project,
    stage,
    overdue: pastDue || waitingTooLong,
    pastDue,
    waitingTooLong,
    inChanges: stage === "modification",
    due: due.filter((d) => d.when !== "later").sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.kind.localeCompare(b.kind)),
  };
}

export interface PersonLoad<P extends WorkloadProject> {
  personId: string | null;
  projects: PlannedProject<P>[];
  active: number;
  /** Late projects (past due or waiting too long) and proofs past their answer-by date. */
  overdue: number;
  inChanges: number;
  /** Dates (projects' and proofs') falling from today to the end of this week, and in next week. */
  dueThisWeek: number;
  dueNextWeek: number;
}

/** Each person's load, in the order given, then what nobody has (personId null); overdue work first within each. */
export function workloadPlan<P extends WorkloadProject>(
  people: readonly { id: string }[],
  projects: readonly P[],
  now: Date,
): PersonLoad<P>[] {
  const planned = projects.map((p) => planProject(p, now));
  const known = new Set(people.map((p) => p.id));
  const load = (personId: string | null, mine: PlannedProject<P>[]): PersonLoad<P> => {
    // Anything late first (the project, or one of its proofs), then what is in changes.
    const late = (p: PlannedProject<P>) => Number(p.overdue || p.due.some((d) => d.when === "overdue"));
    const sorted = [...mine].sort((a, b) => late(b) - late(a) || Number(b.inChanges) - Number(a.inChanges));
    const dates = mine.flatMap((p) => p.due);
    return {
      personId,
      projects: sorted,
      active: mine.length,
      overdue: mine.filter((p) => p.overdue).length + dates.filter((d) => d.kind === "proof" && d.when === "overdue").length,
      inChanges: mine.filter((p) => p.inChanges).length,
      dueThisWeek: dates.filter((d) => d.when === "this_week").length,
      dueNextWeek: dates.filter((d) => d.when === "next_week").length,
    };
  };
  return [
    ...people.map((person) =>
      load(
        person.id,
        planned.filter((p) => p.project.assigneeId === person.id),
      ),
    ),
    load(
      null,
      planned.filter((p) => p.project.assigneeId === null || !known.has(p.project.assigneeId)),
    ),
  ];
}
