"use client";
// A file question of a new request's intake form: files uploaded through the upload dialog to the request's intake
// folder (uploads.intakeTicket) before the project exists; the project then keeps them as its briefing files.
import type { IntakeField } from "@atelier/domain";
import { Button, type UploadedFile } from "@atelier/ui";
import { Paperclip, X } from "lucide-react";
import dynamic from "next/dynamic";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { formatBytes } from "~/components/common/format";
import { type IntakeTarget, useUploadServices } from "~/components/uploads/use-upload-services";

// Uppy and the dialog load when first opened (docs/performance.md).
const UploadDialog = dynamic(() => import("@atelier/ui").then((m) => m.UploadDialog), { ssr: false });

/** A file as the upload dialog handed it on, named. */
export type GivenFile = UploadedFile & { name: string };

const named = (f: UploadedFile): GivenFile => ({
  ...f,
  name: f.name ?? decodeURIComponent(new URL(f.url, "http://x").pathname.split("/").pop() ?? "file"),
});

export function IntakeFiles({
  field,
  target,
  files,
  onAdd,
  onRemove,
}: {
  field: IntakeField;
  target: IntakeTarget;
  files: GivenFile[];
  /** Files the dialog finished: it stays open while others upload, so these add to what is given by then. */
  onAdd: (files: GivenFile[]) => void;
  onRemove: (id: string) => void;
}) {
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const services = useUploadServices(() => target);
  return (
    <div className="grid gap-2">
      {files.length > 0 && (
        <ul className="grid gap-1" aria-label={`${field.label}: files given`}>
          {files.map((f) => (
            <li key={f.id} className="flex min-h-11 items-center gap-2 rounded-md border px-2 text-sm sm:min-h-9">
              <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate" title={f.name}>
                {f.name}
              </span>
              {f.size !== undefined && <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(f.size)}</span>}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-11 shrink-0 sm:size-8"
                aria-label={`Remove ${f.name}`}
                onClick={() => onRemove(f.id)}
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button
        type="button"
        variant="outline"
        className="min-h-11 justify-self-start sm:min-h-9"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {files.length > 0 ? "Add more files" : "Add files"}
      </Button>
      {loaded && (
        <UploadDialog
          open={open}
          setModal={setOpen}
          setFiles={(uploaded) => onAdd(uploaded.map(named))}
          purpose={{ type: "asset" }}
          services={services}
          showErrors={status === "authenticated"}
          closeOnBrowserBack
          note={field.label}
        />
      )}
    </div>
  );
}
