"use client";
// A project's brief at the top of its page (docs/services.md, "Intake forms"): the questions of the form it was asked
// with and their answers, files linked to the project's briefing files; the studio edits the answers, and each edit
// is listed with who made it and what it changed.
import type { RouterOutputs } from "@atelier/api";
import { briefLines, checkAnswers, type SizeUnit } from "@atelier/domain";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from "@atelier/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LocalDate } from "~/components/common/local-time";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";
import { type Draft, type DraftAnswer, draftOf, IntakeFields, sentAnswers } from "./intake-fields";

type Project = RouterOutputs["projects"]["byId"];

export function BriefCard({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const { brief } = project;
  if (!brief) return null;
  const files = new Map(project.files.map((f) => [f.id, f]));
  return (
    <Card role="region" aria-labelledby="brief-title" data-testid="brief">
      <CardHeader className="gap-2 sm:grid-cols-[1fr_auto]">
        <div className="min-w-0">
          <CardTitle id="brief-title">Brief</CardTitle>
          <CardDescription>The answers to the service's questions, given with the request.</CardDescription>
        </div>
        {canEdit && !editing && (
          <Button variant="outline" size="sm" className="min-h-11 justify-self-start sm:min-h-8" onClick={() => setEditing(true)}>
            Edit brief
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {editing ? (
          <BriefEditor project={project} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid gap-3 sm:grid-cols-[minmax(8rem,14rem)_1fr] sm:gap-x-4">
            {briefLines(brief).map((line) => (
              <div key={line.fieldId} className="grid gap-0.5 sm:contents">
                <dt className="text-sm text-muted-foreground wrap-anywhere">{line.label}</dt>
                <dd className="text-sm whitespace-pre-wrap wrap-anywhere">
                  {line.kind === "colour" ? (
                    <span className="inline-flex items-center gap-2">
                      <span className="inline-block size-5 rounded border" style={{ backgroundColor: line.text }} aria-hidden />
                      <span className="font-mono">{line.text}</span>
                    </span>
                  ) : line.kind === "file" ? (
                    <FileLinks answer={brief.answers[line.fieldId]} files={files} />
                  ) : (
                    line.text
                  )}
                </dd>
              </div>
            ))}
            {briefLines(brief).length === 0 && <p className="text-sm text-muted-foreground">Nothing was answered.</p>}
          </dl>
        )}
        {project.briefEdits.length > 0 && (
          <details className="text-sm">
            <summary className="min-h-11 cursor-pointer content-center text-muted-foreground sm:min-h-0">
              Edited {project.briefEdits.length} time{project.briefEdits.length === 1 ? "" : "s"}
            </summary>
            <ol className="mt-2 grid gap-2" aria-label="Edits of the brief">
              {project.briefEdits.map((edit) => (
                <li key={edit.id} className="grid gap-0.5">
                  <p className="text-muted-foreground">
                    {edit.editorName ?? "Someone no longer here"}, <LocalDate at={edit.editedAt} />
                  </p>
                  <ul className="grid gap-0.5">
                    {edit.changes.map((c) => (
                      <li key={c.fieldId} className="wrap-anywhere">
                        {c.label}: <del className="text-muted-foreground">{c.before || "(empty)"}</del> →{" "}
                        <ins className="no-underline">{c.after || "(empty)"}</ins>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </details>
        )}
      </CardContent>
    </Card>
  );
}

/** A file answer's files, each linked to the project's file (a removed one named only). */
function FileLinks({ answer, files }: { answer: unknown; files: Map<string, Project["files"][number]> }) {
  const given = Array.isArray(answer) ? (answer as { fileId: string; name: string }[]) : [];
  return (
    <ul className="grid gap-0.5">
      {given.map((g) => {
        const file = files.get(g.fileId);
        return (
          <li key={g.fileId}>
            {file?.downloadUrl ? (
              <a href={file.downloadUrl} download={g.name} className="underline underline-offset-2">
                {g.name}
              </a>
            ) : (
              <span>{g.name} (removed)</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function BriefEditor({ project, onDone }: { project: Project; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const brief = project.brief!;
  const [draft, setDraft] = useState<Draft>(() => draftOf(brief.fields, brief.answers));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.projects.updateBrief.mutationOptions({
      onSuccess: async ({ changes }) => {
        toast({ title: changes.length === 0 ? "Nothing changed" : "Brief saved" });
        await queryClient.invalidateQueries({ queryKey: trpc.projects.byId.queryKey({ id: project.id }) });
        onDone();
      },
      onError: toastError,
    }),
  );
  const answer = (fieldId: string, value: DraftAnswer) => {
    setDraft((now) => ({ ...now, [fieldId]: value }));
    setProblems(({ [fieldId]: _, ...rest }) => rest);
  };
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const sent = sentAnswers(brief.fields, draft);
        // Files given with the request stay as they are.
        const found = checkAnswers(brief.fields, sent).problems;
        setProblems(found);
        if (Object.keys(found).length > 0) return;
        const answers = Object.fromEntries(
          Object.entries(sent).filter(([id]) => brief.fields.find((f) => f.id === id)?.kind !== "file"),
        ) as Record<string, string | number | string[] | { width: number; height: number; unit: SizeUnit }>;
        save.mutate({ id: project.id, answers });
      }}
    >
      <IntakeFields
        fields={brief.fields}
        draft={draft}
        onChange={answer}
        problems={problems}
        files={(field) => (
          <p className="text-sm text-muted-foreground">
            {(brief.answers[field.id] as { name: string }[] | undefined)?.map((f) => f.name).join(", ") || "None given"}. Files stay as
            given; add more under Briefing files.
          </p>
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11 sm:min-h-9" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save brief"}
        </Button>
        <Button type="button" variant="ghost" className="min-h-11 sm:min-h-9" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
