"use client";
// A project: its files by kind (briefing, materials, print-ready), uploaded through the upload dialog; each opens in
// the file viewer, which steps through the files of its kind.
import type { RouterOutputs } from "@atelier/api";
import { BRAND_FILE_KINDS, canRemoveProjectFile, FILE_KINDS, type FileKind, isStaff, PROJECT_EVENTS } from "@atelier/domain";
import {
  Badge,
  type BrandLibrarySource,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  toast,
  UnfinishedUploadsNotice,
  UploadDialog,
  type UploadedFile,
  useHydrated,
} from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, GitCompareArrows, Upload } from "lucide-react";
import dynamic from "next/dynamic";
import { useParams } from "next/navigation";
import { useSession } from "next-auth/react";
import { useCallback, useRef, useState } from "react";
import { ArchiveProjectButton, RemoveButton } from "~/components/common/destructive-actions";
import { EmptyState } from "~/components/common/empty-state";
import { formatBytes } from "~/components/common/format";
import { LocalDate } from "~/components/common/local-time";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { comparison, type Round } from "~/components/compare/comparable";
import { BriefCard } from "~/components/intake/brief-card";
import { DueDateEditor } from "~/components/projects/due-date";
import { DueDate } from "~/components/projects/due-date-badge";
import { ProjectThread } from "~/components/projects/project-thread";
import { StageBadge } from "~/components/projects/stage-badge";
import { useLinkedFile } from "~/components/projects/use-linked-file";
import { PinLink } from "~/components/proofs/pin-link";
import { ProofsPanel } from "~/components/proofs/proofs-panel";
import type { UploadForProof } from "~/components/proofs/types";
import { ProjectTimer } from "~/components/time/project-timer";
import { unfinishedUploadScope, useUploadServices } from "~/components/uploads/use-upload-services";
import { FileViewer } from "~/components/viewer/file-viewer";
import { MediaLength } from "~/components/viewer/media-length";
import { useWarmPdfEngine } from "~/components/viewer/use-warm-pdf-engine";
import { useTRPC } from "~/trpc/react";

type ProjectFile = RouterOutputs["projects"]["byId"]["files"][number];

// Loaded when first opened, as from the proofs panel (docs/performance.md).
const CompareRounds = dynamic(() => import("~/components/compare/compare-rounds").then((m) => m.CompareRounds), { ssr: false });

/** A project's files of one kind as compare reads them: one "round" with no pins, named by the kind. */
const filesToCompare = (label: string, files: ProjectFile[]): Round => ({ id: "", round: 0, label, files });

function FileGrid({
  files,
  canRemove,
  onRemove,
  onOpen,
}: {
  files: ProjectFile[];
  canRemove: (file: ProjectFile) => boolean;
  onRemove: (file: ProjectFile) => unknown;
  onOpen: (file: ProjectFile) => void;
}) {
  if (files.length === 0) return <p className="text-sm text-muted-foreground">No files yet.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {files.map((f) => (
        <li key={f.id} className="overflow-hidden rounded-lg border" data-testid="project-file">
          <button
            type="button"
            className="block w-full focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onOpen(f)}
            aria-label={`Open ${f.name}`}
          >
            <span className="relative block">
              <img src={f.thumbnail} alt="" className="aspect-square w-full bg-muted object-cover" loading="lazy" />
              <MediaLength file={f} />
            </span>
          </button>
          {/* On a phone the card is narrow: the name and details take its width, the buttons go under them. */}
          <div className="flex flex-col gap-1 p-2 sm:flex-row sm:items-start sm:justify-between sm:gap-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium" title={f.name}>
                {f.name}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatBytes(f.size)} · <LocalDate at={f.createdAt} />
              </p>
              {f.uploaderName && (
                <p className="truncate text-xs text-muted-foreground" title={f.uploaderName}>
                  by {f.uploaderName}
                </p>
              )}
            </div>
            <div className="-mb-1 flex shrink-0 self-end sm:mb-0 sm:self-auto">
              {f.downloadUrl && (
                <a
                  href={f.downloadUrl}
                  download={f.name}
                  className="flex size-11 items-center justify-center rounded text-muted-foreground hover:text-foreground sm:size-8"
                  aria-label={`Download ${f.name}`}
                >
                  <Download className="size-4" />
                </a>
              )}
              {canRemove(f) && (
                <RemoveButton
                  name={f.name}
                  from="this project"
                  description="Everyone on the project loses the file and its download link. This cannot be undone."
                  onConfirm={() => onRemove(f)}
                />
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ProjectPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const { data: session, status } = useSession();
  // The dialog stays mounted, so closing it does not stop uploads in flight.
  const [kind, setKind] = useState<FileKind>("materials");
  const [dialogOpen, setDialogOpen] = useState(false);
  const queryClient = useQueryClient();
  // Files uploaded from the proof form are handed to it once they are on the project.
  const forProof = useRef<((fileIds: string[]) => void) | null>(null);
  // The files of one kind as they were when one was opened: their signed links change with every refetch, and the
  // viewer must not reload the file it shows.
  const [viewing, setViewing] = useState<{ files: ProjectFile[]; index: number; page: number; label: string } | null>(null);
  const [comparing, setComparing] = useState<Round | null>(null);
  const project = useQuery(trpc.projects.byId.queryOptions({ id }));
  const addBrandAssets = useMutation(trpc.projects.addBrandAssets.mutationOptions());
  const pins = useQuery(trpc.annotations.byProject.queryOptions({ projectId: id }));
  const services = useUploadServices(() => (project.data ? { projectId: project.data.id, kind } : null));
  const addFiles = useMutation(
    trpc.projects.addFiles.mutationOptions({
      onSuccess: ({ added }) => toast({ title: `${added} file${added === 1 ? "" : "s"} added` }),
      onError: toastError,
    }),
  );
  const archive = useMutation(trpc.projects.setArchived.mutationOptions({ onError: toastError }));
  const removeFile = useMutation(
    trpc.projects.removeFile.mutationOptions({
      onSuccess: ({ name }) => toast({ title: `${name} removed` }),
      onError: toastError,
    }),
  );
  const canRemove = (file: ProjectFile) => (session ? canRemoveProjectFile(session.user, file) : false);
  const staffView = session ? isStaff(session.user.role) : false;
  const people = useQuery({ ...trpc.projects.workload.queryOptions(), enabled: staffView, select: (w) => w.people });
  const assign = useMutation(trpc.projects.assign.mutationOptions());

  useWarmPdfEngine(project.data?.files);
  // A link to one of its files (search finds files) opens it in the viewer among the files of its kind.
  const openFile = useCallback(
    (f: ProjectFile) => {
      const files = project.data?.files.filter((file) => file.kind === f.kind) ?? [f];
      const label = FILE_KINDS.find((k) => k.value === f.kind)?.label ?? "";
      setViewing({
        files,
        index: Math.max(
          0,
          files.findIndex((file) => file.id === f.id),
        ),
        page: 1,
        label,
      });
    },
    [project.data],
  );
  const closeLinkedFile = useLinkedFile(project.data?.files, openFile);
  // Drawn on the server: its fields and buttons wait for the script (project-page-client.tsx), so nothing typed or
  // pressed before it runs is lost.
  const hydrated = useHydrated();

  if (project.isPending) return <Skeleton className="h-96" />;
  if (project.error) return <EmptyState title="Project not found" description="It does not exist, or it belongs to another business." />;
  const p = project.data;

  const openUpload = (kind: FileKind) => {
    forProof.current = null;
    setKind(kind);
    setDialogOpen(true);
  };

  const uploadForProof: UploadForProof = (kind, onAdded) => {
    forProof.current = onAdded;
    setKind(kind);
    setDialogOpen(true);
  };

  // The upload dialog's "Brand library" tab: the business's assets, attached by reference when the batch uploads.
  const brandLibrary = (kind: FileKind): BrandLibrarySource => ({
    list: () =>
      queryClient
        .fetchQuery({ ...trpc.projects.brandAssets.queryOptions({ projectId: p.id }), staleTime: 0 })
        .then((assets) => assets.map((a) => ({ ...a, kindLabel: BRAND_FILE_KINDS.find((k) => k.value === a.kind)?.label ?? a.kind }))),
    attach: async (assetIds) => {
      const onAdded = forProof.current;
      const { added, ids } = await addBrandAssets.mutateAsync({ projectId: p.id, kind, assetIds });
      toast({
        title: added === 0 ? "Those files are already here" : `${added} file${added === 1 ? "" : "s"} added from the brand library`,
      });
      onAdded?.(ids);
      void queryClient.invalidateQueries({ queryKey: trpc.projects.byId.queryKey({ id }) });
      return ids;
    },
    libraryHref: `/businesses/${p.businessId}`,
  });

  function onUploaded(kind: FileKind, files: UploadedFile[]) {
    const onAdded = forProof.current;
    void addFiles
      .mutateAsync({
        projectId: p.id,
        kind,
        files: files.map((f) => ({
          id: f.id,
          url: f.url,
          thumbnail: f.thumbnail,
          blur: f.blur,
          name: f.name ?? decodeURIComponent(new URL(f.url).pathname.split("/").pop() ?? "file"),
          ...(f.size !== undefined ? { size: f.size } : {}),
          ...(f.type ? { type: f.type } : {}),
          ...(f.sha256 ? { sha256: f.sha256 } : {}),
        })),
      })
      .then(({ ids }) => onAdded?.(ids))
      // Already shown by the mutation's toast.
      .catch(() => undefined);
  }

  return (
    <fieldset disabled={!hydrated} className="m-0 min-w-0 border-0 p-0">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{p.title}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>{p.businessName}</span>
            <Badge variant="secondary">{PROJECT_EVENTS.find((e) => e.value === p.event)?.label ?? p.event}</Badge>
            {p.service && (
              <span className="wrap-anywhere" data-testid="project-service">
                {p.service.name}
                {p.rush && " · rush"}
              </span>
            )}
            <StageBadge stage={p.stage} />
            <span>
              Started <LocalDate at={p.createdAt} />
            </span>
            {p.archived && <Badge variant="outline">Archived</Badge>}
            {!staffView && p.assigneeName && <span>Designer: {p.assigneeName}</span>}
            <DueDate dueOn={p.dueOn} overdue={p.overdue} />
          </p>
          {staffView && (
            <div className="mt-3 grid gap-3">
              <DueDateEditor projectId={p.id} dueOn={p.dueOn} />
              <ProjectTimer projectId={p.id} />
            </div>
          )}
        </div>
        {staffView && (
          <div className="flex items-center gap-2">
            <NativeSelect
              aria-label="Assigned designer"
              className="w-48"
              value={p.assigneeId ?? ""}
              onChange={(e) => assign.mutate({ id: p.id, assigneeId: e.target.value || null })}
            >
              <option value="">Unassigned</option>
              {people.data?.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name ?? person.email}
                </option>
              ))}
            </NativeSelect>
            <ArchiveProjectButton
              archived={p.archived}
              title={p.title}
              pending={archive.isPending}
              onChange={(archived) => archive.mutateAsync({ id: p.id, archived })}
            />
          </div>
        )}
      </div>
      <div className="grid gap-6">
        <BriefCard project={p} canEdit={staffView} />
        {session && <ProofsPanel project={p} user={session.user} uploadNew={uploadForProof} />}
        {session && (
          <ProjectThread
            projectId={p.id}
            user={session.user}
            stage={p.stage}
            commentExtra={(commentId) => {
              const pin = pins.data?.find((a) => a.commentId === commentId);
              return pin ? <PinLink pin={pin} /> : null;
            }}
          />
        )}
        {FILE_KINDS.map((kind) => (
          <Card key={kind.value} role="region" aria-labelledby={`files-${kind.value}`}>
            <CardHeader className="gap-4 sm:grid-cols-[1fr_auto]">
              <div>
                <CardTitle id={`files-${kind.value}`}>{kind.label}</CardTitle>
                <CardDescription>{kind.hint}</CardDescription>
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                {comparison([
                  filesToCompare(
                    kind.label,
                    p.files.filter((f) => f.kind === kind.value),
                  ),
                ]) && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="min-h-11"
                    onClick={() =>
                      setComparing(
                        filesToCompare(
                          kind.label,
                          p.files.filter((f) => f.kind === kind.value),
                        ),
                      )
                    }
                    aria-label={`Compare ${kind.label}`}
                  >
                    <GitCompareArrows className="size-4" aria-hidden /> Compare
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  className="min-h-11"
                  onClick={() => openUpload(kind.value)}
                  aria-label={`Upload ${kind.label}`}
                >
                  <Upload className="size-4" aria-hidden /> Upload
                </Button>
              </div>
            </CardHeader>
            <CardContent className="grid gap-4">
              {session && (
                <UnfinishedUploadsNotice
                  scope={unfinishedUploadScope(session.user.id, { projectId: p.id, kind: kind.value })}
                  onChoose={() => openUpload(kind.value)}
                />
              )}
              <FileGrid
                files={p.files.filter((f) => f.kind === kind.value)}
                canRemove={canRemove}
                onRemove={(file) => removeFile.mutateAsync({ id: file.id })}
                onOpen={openFile}
              />
            </CardContent>
          </Card>
        ))}
      </div>
      {comparing && <CompareRounds rounds={[comparing]} onClose={() => setComparing(null)} />}
      {viewing && (
        <FileViewer
          files={viewing.files}
          index={viewing.index}
          onIndexChange={(index) => setViewing({ ...viewing, index, page: 1 })}
          page={viewing.page}
          onPageChange={(page) => setViewing({ ...viewing, page })}
          onClose={() => {
            setViewing(null);
            closeLinkedFile();
          }}
          description={viewing.label}
        />
      )}
      <UploadDialog
        // Each kind of file its own dialog: files picked for one never land in another's folder.
        key={kind}
        open={dialogOpen}
        setModal={setDialogOpen}
        setFiles={(files) => onUploaded(kind, files)}
        purpose={{ type: "asset" }}
        services={services}
        showErrors={status === "authenticated"}
        closeOnBrowserBack
        note={FILE_KINDS.find((k) => k.value === kind)?.label}
        brandLibrary={brandLibrary(kind)}
      />
    </fieldset>
  );
}
