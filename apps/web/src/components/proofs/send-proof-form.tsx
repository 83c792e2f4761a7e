"use client";
import type { RouterOutputs } from "@atelier/api";
import { FILE_KINDS, type FileKind, plural } from "@atelier/domain";
import { Button, ConfirmDialog, Field, fieldError, showServerFieldErrors, Textarea, toast, useLazyZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";
import { useRequestId } from "~/components/common/use-request-id";
import { DueDateInput } from "~/components/projects/due-date";
import { useTRPC } from "~/trpc/react";
import { ChecklistBeforeSending, useChecklist } from "./round-checklist";
import type { ProofsPanelProject, UploadForProof } from "./types";

const loadProofForm = () => import("./forms").then((m) => m.proofForm);

/**
 * Staff send a round: files of the project (or new ones, uploaded here), a note and a date to answer by. The latest
 * round's pins are its checklist: what is still open is shown, and sending with items open asks first.
 */
export function SendProofForm({
  project,
  latest,
  onSent,
  uploadNew,
}: {
  project: ProofsPanelProject;
  /** The round sent last, whose checklist this round answers. */
  latest: RouterOutputs["proofs"]["list"][number] | undefined;
  onSent: () => void;
  uploadNew: UploadForProof | undefined;
}) {
  const checklist = useChecklist(latest);
  const trpc = useTRPC();
  const [chosen, setChosen] = useState<string[]>([]);
  const [uploadKind, setUploadKind] = useState<FileKind>("materials");
  const form = useLazyZodForm(loadProofForm, { defaultValues: { note: "", dueOn: "" } });
  const requestId = useRequestId();
  const send = useMutation(
    trpc.proofs.create.mutationOptions({
      onSuccess: ({ round }) => {
        requestId.done();
        toast({ title: `Round ${round} sent` });
        setChosen([]);
        form.reset();
        onSent();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit(({ note, dueOn }) =>
    send.mutate({
      projectId: project.id,
      fileIds: chosen,
      ...(note ? { note } : {}),
      ...(dueOn ? { dueOn } : {}),
      requestId: requestId.current(),
    }),
  );
  if (project.files.length === 0 && !uploadNew)
    return <p className="text-sm text-muted-foreground">Upload files to the project to send them as a proof.</p>;
  return (
    <form onSubmit={onSubmit} className="grid gap-3 rounded-lg border p-3" aria-label="Send a proof" noValidate>
      {latest && <ChecklistBeforeSending round={latest} />}
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">Files for this round</legend>
        {project.files.length === 0 && <p className="text-sm text-muted-foreground">No files on the project yet: upload them here.</p>}
        {project.files.map((f) => (
          <label key={f.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-accent">
            <input
              type="checkbox"
              className="size-5 shrink-0"
              checked={chosen.includes(f.id)}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, f.id] : c.filter((id) => id !== f.id)))}
            />
            <span className="min-w-0 truncate text-sm" title={f.name}>
              {f.name}
            </span>
          </label>
        ))}
        {uploadNew && (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="outline"
              className="h-11"
              onClick={() => uploadNew(uploadKind, (ids) => setChosen((c) => [...c, ...ids.filter((id) => !c.includes(id))]))}
            >
              <Upload className="size-4" aria-hidden /> Upload new files
            </Button>
            <span className="text-sm text-muted-foreground">into</span>
            <NativeSelect
              aria-label="Project folder for new files"
              className="w-44"
              value={uploadKind}
              onChange={(e) => setUploadKind(e.target.value as FileKind)}
            >
              {FILE_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </fieldset>
      <Field label="Note to the client" error={fieldError(form, "note")}>
        {(control) => <Textarea {...control} placeholder="What changed, what to look at…" {...form.register("note")} />}
      </Field>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Field label="Answer by" error={fieldError(form, "dueOn")}>
          {(control) => (
            <Controller
              control={form.control}
              name="dueOn"
              render={({ field }) => <DueDateInput {...control} value={field.value} onChange={field.onChange} />}
            />
          )}
        </Field>
        {latest && checklist.open.length > 0 ? (
          <ConfirmDialog
            trigger={
              <Button type="button" className="h-11" disabled={chosen.length === 0 || send.isPending}>
                Send proof
              </Button>
            }
            title={`${plural(checklist.open.length, "item")} of round ${latest.round} still open`}
            description={`${checklist.open
              .slice(0, 3)
              .map((pin) => `“${pin.body.length > 80 ? `${pin.body.slice(0, 79)}…` : pin.body}”`)
              .join(", ")}${checklist.open.length > 3 ? ` and ${plural(checklist.open.length - 3, "more")}` : ""}. Send round ${
              latest.round + 1
            } anyway?`}
            confirmLabel="Send anyway"
            busyLabel="Sending…"
            cancelLabel="Keep working"
            pending={send.isPending}
            onConfirm={onSubmit}
          />
        ) : (
          <SubmitButton pending={send.isPending} pendingLabel="Sending…" disabled={chosen.length === 0}>
            Send proof
          </SubmitButton>
        )}
      </div>
      <FormError error={send.error} fieldsShown />
    </form>
  );
}
