"use client";
// A project's proof rounds: staff send one from the project's files; the client's people ask for changes (against the
// revision allowance) or approve the latest; approvals show the SHA-256 of every file, and print-ready files that differ.
import type { RouterOutputs } from "@atelier/api";
import {
  canTakeAction,
  commentBodyInput,
  dueDateInput,
  FILE_KINDS,
  type FileKind,
  isStaff,
  MAX_REVISION_ALLOWANCE,
  PROOF_STATUSES,
  type ProofStatus,
  proofNoteInput,
  revisionAllowanceForm,
  type SessionUser,
} from "@atelier/domain";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  cn,
  Field,
  fieldError,
  Input,
  showServerFieldErrors,
  Textarea,
  toast,
  useZodForm,
} from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Download, Eye, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { formatDate } from "~/components/common/format";
import { LinkedText } from "~/components/common/linked-text";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { DueDateInput } from "~/components/projects/due-date";
import type { ViewedFile } from "~/components/viewer/types";
import { useWarmPdfEngine } from "~/components/viewer/use-warm-pdf-engine";
import { useTRPC } from "~/trpc/react";
import { ProofViewer } from "./proof-viewer";

/** What the panel reads of the project, as projects.byId answers it. */
type ProofsPanelProject = Pick<RouterOutputs["projects"]["byId"], "id" | "businessId" | "businessName" | "stage" | "files" | "printCheck">;

const STATUS_STYLE: Record<ProofStatus, string> = {
  sent: "border-fuchsia-500/40 text-fuchsia-700 dark:text-fuchsia-300",
  changes_requested: "border-amber-500/50 text-amber-700 dark:text-amber-300",
  approved: "border-emerald-500/40 text-emerald-700 dark:text-emerald-300",
  superseded: "text-muted-foreground",
};

/** A SHA-256 shown whole: it is what the approval is about, so it wraps rather than hides. */
function Hash({ value }: { value: string }) {
  return <code className="block break-all font-mono text-[11px] leading-tight text-muted-foreground">{value}</code>;
}

function PrintCheck({ check }: { check: ProofsPanelProject["printCheck"] }) {
  if (check === null) return null;
  if (check === "unchecked")
    return <p className="text-sm text-muted-foreground">The print-ready files could not be checked against the approval right now.</p>;
  if (check.mismatched.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300" data-testid="print-check">
        <CheckCircle2 className="size-4 shrink-0" aria-hidden /> Print-ready files match approved round {check.approvedRound}.
      </p>
    );
  return (
    <div role="alert" data-testid="print-mismatch" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive-text">
        <AlertTriangle className="size-4 shrink-0" aria-hidden /> Not the approved files
      </p>
      <p className="mt-1">
        These print-ready files differ from what was approved in round {check.approvedRound}. Send them as a proof for a new approval before
        delivering:
      </p>
      <ul className="mt-1 grid gap-1">
        {check.mismatched.map((f) => (
          <li key={f.id}>
            <span className="break-all font-medium">{f.name}</span>
            {f.sha256 ? <Hash value={f.sha256} /> : <span className="text-muted-foreground"> (no longer stored)</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Opens the project's upload dialog for files of `kind`; `onAdded` hears the ids of the files once they are on the
 * project, so a proof can be sent with them.
 */
const proofForm = z.object({ note: proofNoteInput, dueOn: z.union([z.literal(""), dueDateInput]) });
const changesForm = z.object({ body: commentBodyInput });

export type UploadForProof = (kind: FileKind, onAdded: (fileIds: string[]) => void) => void;

function SendProofForm({
  project,
  onSent,
  uploadNew,
}: {
  project: ProofsPanelProject;
  onSent: () => void;
  uploadNew: UploadForProof | undefined;
}) {
  const trpc = useTRPC();
  const [chosen, setChosen] = useState<string[]>([]);
  const [uploadKind, setUploadKind] = useState<FileKind>("materials");
  const form = useZodForm(proofForm, { defaultValues: { note: "", dueOn: "" } });
  const send = useMutation(
    trpc.proofs.create.mutationOptions({
      onSuccess: ({ round }) => {
        toast({ title: `Round ${round} sent` });
        setChosen([]);
        form.reset();
        onSent();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit(({ note, dueOn }) =>
    send.mutate({ projectId: project.id, fileIds: chosen, ...(note ? { note } : {}), ...(dueOn ? { dueOn } : {}) }),
  );
  if (project.files.length === 0 && !uploadNew)
    return <p className="text-sm text-muted-foreground">Upload files to the project to send them as a proof.</p>;
  return (
    <form onSubmit={onSubmit} className="grid gap-3 rounded-lg border p-3" aria-label="Send a proof" noValidate>
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
        <SubmitButton pending={send.isPending} pendingLabel="Sending…" disabled={chosen.length === 0}>
          Send proof
        </SubmitButton>
      </div>
      <FormError error={send.error} fieldsShown />
    </form>
  );
}

function AnswerProof({
  proofId,
  next,
  onDone,
}: {
  proofId: string;
  next: { label: string; billable: boolean } | undefined;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const [asking, setAsking] = useState(false);
  const form = useZodForm(changesForm, { defaultValues: { body: "" } });
  const requestChanges = useMutation(
    trpc.proofs.requestChanges.mutationOptions({
      onSuccess: ({ revisionsUsed, allowance }) => {
        toast({ title: `Changes requested: round ${revisionsUsed} of ${allowance} used` });
        setAsking(false);
        form.reset();
        onDone();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const approve = useMutation(
    trpc.proofs.approve.mutationOptions({
      onSuccess: () => {
        toast({ title: "Approved" });
        onDone();
      },
      onError: toastError,
    }),
  );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button className="h-11" disabled={approve.isPending}>
              Approve
            </Button>
          }
          title="Approve exactly these files for print?"
          description="Their SHA-256 is recorded with your approval, and the studio prepares them for print. This cannot be undone."
          confirmLabel="Approve"
          busyLabel="Approving…"
          pending={approve.isPending}
          onConfirm={() => approve.mutateAsync({ proofId })}
        />
        <Button className="h-11" variant="outline" aria-expanded={asking} onClick={() => setAsking((a) => !a)}>
          Request changes
        </Button>
      </div>
      {asking && (
        <form className="grid gap-2" noValidate onSubmit={form.handleSubmit(({ body }) => requestChanges.mutate({ proofId, body }))}>
          {next && (
            <p
              className={cn("text-sm", next.billable ? "font-medium text-amber-700 dark:text-amber-300" : "text-muted-foreground")}
              data-testid="next-revision"
            >
              This uses {next.label}.{next.billable ? " It is past the included rounds, so it is billed." : ""}
            </p>
          )}
          <Field label="What should change" error={fieldError(form, "body")}>
            {(control) => <Textarea {...control} {...form.register("body")} />}
          </Field>
          <div className="flex justify-end">
            <SubmitButton pending={requestChanges.isPending} pendingLabel="Sending…">
              Send request
            </SubmitButton>
          </div>
          <FormError error={requestChanges.error} fieldsShown />
        </form>
      )}
    </div>
  );
}

/** Staff set how many change rounds the business's projects include; past them, requests are billed. */
const allowanceForm = z.object({ allowance: revisionAllowanceForm });

function AllowanceForm({ project, allowance, onSaved }: { project: ProofsPanelProject; allowance: number; onSaved: () => void }) {
  const trpc = useTRPC();
  const form = useZodForm(allowanceForm, { defaultValues: { allowance: String(allowance) } });
  // A number saved here or elsewhere becomes the one the field starts from.
  useEffect(() => form.reset({ allowance: String(allowance) }), [allowance, form]);
  const typed = useWatch({ control: form.control, name: "allowance" });
  const save = useMutation(
    trpc.proofs.setAllowance.mutationOptions({
      onSuccess: ({ allowance }) => {
        toast({ title: `${project.businessName}: ${allowance} change round${allowance === 1 ? "" : "s"} included` });
        onSaved();
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) toastError(error);
      },
    }),
  );
  const onSubmit = form.handleSubmit(({ allowance }) => save.mutate({ businessId: project.businessId, allowance }));
  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={onSubmit} noValidate>
      <Field label={`Change rounds included for ${project.businessName}`} error={fieldError(form, "allowance")}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_REVISION_ALLOWANCE}
            className="h-11 w-24"
            {...form.register("allowance")}
          />
        )}
      </Field>
      {/* Level with the field, below its label. */}
      <Button type="submit" variant="outline" className="mt-5 h-11" disabled={save.isPending || typed.trim() === String(allowance)}>
        Save
      </Button>
    </form>
  );
}

type ProjectPin = Pick<RouterOutputs["annotations"]["byProject"][number], "id" | "fileName" | "page" | "round">;

/** A thread entry's link to the pin it was written at: opens the proof's file there. */
export function PinLink({ pin }: { pin: ProjectPin }) {
  return (
    <a href={`#pin-${pin.id}`} className="inline-flex min-h-11 items-center text-xs underline underline-offset-2" data-testid="pin-link">
      Pinned on {pin.fileName}
      {pin.page ? `, page ${pin.page}` : ""} · round {pin.round}
    </a>
  );
}

export function ProofsPanel({
  project,
  user,
  uploadNew,
}: {
  project: ProofsPanelProject;
  user: SessionUser;
  /** Lets staff upload new files for a proof as they send it. */
  uploadNew?: UploadForProof;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const proofs = useQuery(trpc.proofs.list.queryOptions({ projectId: project.id }));
  const ledger = useQuery(trpc.proofs.ledger.queryOptions({ projectId: project.id }));
  useWarmPdfEngine(proofs.data?.flatMap((p) => p.files));
  // The thread refreshes live; whatever it hears of may be a proof, an answer or a pin, so those refresh with it.
  const thread = useQuery(trpc.comments.byProject.queryOptions({ projectId: project.id }));
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.proofs.pathFilter());
    void queryClient.invalidateQueries(trpc.annotations.pathFilter());
    void queryClient.invalidateQueries(trpc.projects.byId.queryFilter({ id: project.id }));
    void queryClient.invalidateQueries(trpc.comments.byProject.queryFilter({ projectId: project.id }));
  };
  const threadUpdated = thread.dataUpdatedAt;
  const firstThread = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread's data changes
  useEffect(() => {
    // The first answer is what the page loaded with; only later ones may bring news.
    if (!firstThread.current) {
      firstThread.current = threadUpdated;
      return;
    }
    // The project itself (its stage) refreshes with every live comment, in the shell.
    void queryClient.invalidateQueries(trpc.proofs.pathFilter());
    void queryClient.invalidateQueries(trpc.annotations.pathFilter());
  }, [threadUpdated]);
  // The files as they were when opened: their signed links change with every refetch, and the viewer must not reload.
  const [viewing, setViewing] = useState<{ proofId: string; files: ViewedFile[]; index: number; pinId?: string; page?: number } | null>(
    null,
  );
  // A thread entry links to its pin as #pin-{id}: the file opens at that pin.
  const pins = useQuery(trpc.annotations.byProject.queryOptions({ projectId: project.id }));
  useEffect(() => {
    const open = () => {
      const pinId = /^#pin-(.+)$/.exec(window.location.hash)?.[1];
      const pin = pinId ? pins.data?.find((a) => a.id === decodeURIComponent(pinId)) : undefined;
      const files = pin ? proofs.data?.find((p) => p.id === pin.proofId)?.files : undefined;
      const index = pin && files ? files.findIndex((f) => f.id === pin.fileId) : -1;
      if (!pin || !files || index < 0) return;
      setViewing({ proofId: pin.proofId, files, index, pinId: pin.id, page: pin.page ?? 1 });
      history.replaceState(null, "", window.location.pathname + window.location.search);
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, [pins.data, proofs.data]);
  const canSend = canTakeAction(user.role, project.stage, "sendProof");
  const canAnswer = canTakeAction(user.role, project.stage, "approve");
  const latestRound = proofs.data?.[0]?.round;

  return (
    <Card role="region" aria-labelledby="proofs-title">
      <CardHeader>
        <CardTitle id="proofs-title">Proofs</CardTitle>
        <CardDescription data-testid="revision-ledger">
          {ledger.data ? `Changes: ${ledger.data.label}` : "\u00a0"}
          {ledger.data && ledger.data.used > ledger.data.allowance && " · extra rounds are billed"}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isStaff(user.role) && ledger.data && <AllowanceForm project={project} allowance={ledger.data.allowance} onSaved={refresh} />}
        <PrintCheck check={project.printCheck} />
        {canSend && <SendProofForm project={project} onSent={refresh} uploadNew={uploadNew} />}
        {proofs.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {isStaff(user.role) ? "No proof sent yet." : "No proof yet: the studio sends one here when it is ready."}
          </p>
        )}
        <ol className="grid gap-3">
          {proofs.data?.map((proof) => (
            <li key={proof.id} className="grid gap-2 rounded-lg border p-3" data-testid="proof" data-round={proof.round}>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium">Round {proof.round}</h3>
                <Badge variant="outline" className={STATUS_STYLE[proof.status]} data-testid="proof-status">
                  {PROOF_STATUSES[proof.status]}
                </Badge>
                {proof.billable && <Badge variant="outline">Billable change round</Badge>}
                <span className="text-xs text-muted-foreground">
                  Sent {formatDate(proof.createdAt)}
                  {proof.senderName ? ` by ${proof.senderName}` : ""}
                </span>
                {proof.dueOn && (
                  <span className="text-xs text-muted-foreground">· answer by {formatDate(new Date(`${proof.dueOn}T12:00:00Z`))}</span>
                )}
              </div>
              {proof.note && (
                <p className="whitespace-pre-wrap wrap-anywhere text-sm">
                  <LinkedText>{proof.note}</LinkedText>
                </p>
              )}
              <a
                href={proof.zipUrl}
                className="inline-flex min-h-11 w-fit items-center gap-2 text-sm underline underline-offset-2"
                data-testid="proof-zip"
              >
                <Download className="size-4" aria-hidden /> Download all (ZIP)
              </a>
              <ul className="grid gap-2 sm:grid-cols-2">
                {proof.files.map((f, index) => (
                  <li key={f.id} className="flex min-w-0 items-center gap-2 rounded-md border p-2" data-testid="proof-file">
                    <img src={f.thumbnail} alt="" className="size-12 shrink-0 rounded bg-muted object-cover" loading="lazy" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium" title={f.name}>
                        {f.name}
                      </p>
                      <p className="truncate font-mono text-[11px] text-muted-foreground" title={`SHA-256 ${f.sha256}`}>
                        {f.sha256.slice(0, 16)}…
                      </p>
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-11 shrink-0 sm:size-11"
                      aria-label={`Open ${f.name}`}
                      onClick={() => setViewing({ proofId: proof.id, files: proof.files, index })}
                    >
                      <Eye className="size-5" aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
              {proof.approval && (
                <div className="rounded-md bg-emerald-500/10 p-2 text-sm" data-testid="approval">
                  <p>
                    Approved by {proof.approval.byName ?? "someone"}
                    {proof.approval.actingFor ? " for the client" : ""} on {formatDate(proof.approval.at)}. The approved bytes (SHA-256):
                  </p>
                  <ul className="mt-1 grid gap-1">
                    {proof.files.map((f, i) => (
                      <li key={f.id} data-testid="approved-hash">
                        <span className="break-all text-xs">{f.name}</span>
                        <Hash value={proof.approval!.sha256s[i] ?? f.sha256} />
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {canAnswer && proof.status === "sent" && proof.round === latestRound && (
                <AnswerProof proofId={proof.id} next={ledger.data?.next} onDone={refresh} />
              )}
            </li>
          ))}
        </ol>
      </CardContent>
      {viewing && (
        <ProofViewer
          key={`${viewing.proofId}:${viewing.index}:${viewing.pinId ?? ""}`}
          proofId={viewing.proofId}
          files={viewing.files}
          initialIndex={viewing.index}
          user={user}
          initialPage={viewing.page}
          initialPin={viewing.pinId}
          onClose={() => setViewing(null)}
        />
      )}
    </Card>
  );
}
