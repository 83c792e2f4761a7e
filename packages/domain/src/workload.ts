// Workload as a plan: for each person in the studio, what they carry, what waits on them too long,
// and which projects are in a round of changes.
import type { ProjectStage } from "./projects";

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
}

export interface PlannedProject<P extends WorkloadProject> {
  project: P;
  stage: ProjectStage;
  /** Waiting on the studio for more than RESPONSE_DAYS. */
  overdue: boolean;
  /** A round of changes is being worked on. */
  inChanges: boolean;
}

export function planProject<P extends WorkloadProject>(project: P, now: Date): PlannedProject<P> {
  const { stage } = project;
  const waiting = STUDIO_MOVES.includes(stage);
  return {
    project,
    stage,
    overdue: waiting && now.getTime() - project.lastEventAt.getTime() > RESPONSE_DAYS * DAY_MS,
    inChanges: stage === "modification",
  };
}

export interface PersonLoad<P extends WorkloadProject> {
  personId: string | null;
  projects: PlannedProject<P>[];
  active: number;
  overdue: number;
  inChanges: number;
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
    const sorted = [...mine].sort((a, b) => Number(b.overdue) - Number(a.overdue) || Number(b.inChanges) - Number(a.inChanges));
    return {
      personId,
      projects: sorted,
      active: mine.length,
      overdue: mine.filter((p) => p.overdue).length,
      inChanges: mine.filter((p) => p.inChanges).length,
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
