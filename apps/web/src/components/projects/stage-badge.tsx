// Where a project stands, as a small coloured badge.
import { PROJECT_STAGES, type ProjectStage } from "@atelier/domain";
import { Badge, cn } from "@atelier/ui";

const STYLE: Record<ProjectStage, string> = {
  new: "",
  briefing: "border-sky-500/40 text-sky-700 dark:text-sky-300",
  in_progress: "border-blue-500/40 text-blue-700 dark:text-blue-300",
  proof_sent: "border-fuchsia-500/40 text-fuchsia-700 dark:text-fuchsia-300",
  modification: "border-amber-500/50 text-amber-700 dark:text-amber-300",
  approved: "border-emerald-500/40 text-emerald-700 dark:text-emerald-300",
  delivered: "border-emerald-600/60 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200",
  reopened: "border-violet-500/40 text-violet-700 dark:text-violet-300",
};

export function StageBadge({ stage }: { stage: ProjectStage }) {
  return (
    <Badge variant="outline" className={cn(STYLE[stage])} data-testid="project-stage">
      {PROJECT_STAGES[stage]}
    </Badge>
  );
}
